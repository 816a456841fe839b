import AtriumAPI
import AtriumDomain
import AtriumMessages
import Foundation
import Observation

/// Making or changing an alert rule from a template: the template's limits are shown, a
/// threshold or cooldown typed past them is kept to the limit as it is typed (and said so),
/// and on saving the server's answer wins, clamps included.
@MainActor
public final class RuleEditorViewModel: ScreenModel<RuleEditorViewModel.State> {
  /// What the rule watches.
  public enum Target: Equatable, Sendable {
    case sensor(String)
    case room(String)
    case building(String)
  }

  public struct State: Equatable, Sendable, ScreenState {
    public var templates: [AlertTemplateBody] = []
    public var templateID: String?
    public var thresholdText = ""
    public var cooldownText = ""
    public var forText = ""
    public var hysteresisText = "0"
    public var label = ""
    /// "600 to 5000 ppm; at least 300 s": the threshold's limits, then the cooldown's.
    public var limits: String?
    /// What was kept to a limit, by the editor or the server.
    public var note: String?
    /// The rule as the server saved it.
    public var saved: AlertRuleBody?
    public var screenStatus = ScreenStatus()

    public init() {}
  }

  private let repository: any SensorsRepository
  private let target: Target
  private let editing: AlertRuleBody?

  /// - Parameter editing: The rule changed, or nil to make one.
  public init(
    target: Target, editing: AlertRuleBody? = nil, repository: any SensorsRepository,
    language: ClientLanguage = .en
  ) {
    self.repository = repository
    self.target = target
    self.editing = editing
    super.init(state: State(), language: language)
  }

  public func appeared() async {
    await load(cached: nil, fresh: repository.templates) { templates, next in
      next.templates = templates
      if let editing = self.editing {
        next.templateID = editing.templateId
        Self.fill(&next, threshold: editing.threshold, cooldown: editing.cooldownSec, forSeconds: editing.forSec)
        next.hysteresisText = Self.number(editing.hysteresis)
        next.label = editing.label
        next.limits = templates.first { $0.id == editing.templateId }.map(self.limits)
      } else if next.templateID == nil, let first = templates.first {
        self.choose(first, in: &next)
      }
    }
  }

  /// Another template: its defaults and limits.
  public func templateChosen(_ id: String) {
    guard let template = state.templates.first(where: { $0.id == id }) else { return }
    var next = state
    choose(template, in: &next)
    state = next
  }

  /// The threshold as typed, kept within the template's limits.
  public func thresholdTyped(_ text: String) {
    var next = state
    next.thresholdText = text
    next.note = nil
    if let template, let value = Double(text.replacingOccurrences(of: ",", with: ".")), value.isFinite {
      let kept = min(max(value, template.minThreshold), template.maxThreshold)
      if kept != value {
        next.thresholdText = Self.number(kept)
        next.note = SensorAppText.keptToLimit(field: "threshold", limit: template.kind.text(kept)).text(in: language)
      }
    }
    state = next
  }

  /// The cooldown as typed (seconds), kept at least the template's minimum.
  public func cooldownTyped(_ text: String) {
    var next = state
    next.cooldownText = text
    next.note = nil
    if let template, let value = Int(text), value < template.minCooldownSec {
      next.cooldownText = String(template.minCooldownSec)
      next.note = SensorAppText.keptToLimit(field: "cooldownSec", limit: "\(template.minCooldownSec) s").text(
        in: language)
    }
    state = next
  }

  public func durationTyped(_ text: String) { state.forText = text }
  public func hysteresisTyped(_ text: String) { state.hysteresisText = text }
  public func labelTyped(_ text: String) { state.label = text }

  /// Saves; what the server answers is what the screen shows, its clamps named.
  public func saveTapped() async {
    guard let template else { return }
    var next = state
    let threshold = Double(state.thresholdText.replacingOccurrences(of: ",", with: "."))
    let label = state.label.trimmingCharacters(in: .whitespaces)
    do {
      let saved: AlertRuleBody
      if let editing {
        saved = try await repository.updateRule(
          editing.id,
          AlertRuleChange(
            threshold: threshold, forSec: Int(state.forText), hysteresis: Double(state.hysteresisText),
            cooldownSec: Int(state.cooldownText), label: label.isEmpty ? nil : label))
      } else {
        var rule = NewAlertRule(
          templateId: template.id, threshold: threshold, forSec: Int(state.forText),
          hysteresis: Double(state.hysteresisText), cooldownSec: Int(state.cooldownText),
          label: label.isEmpty ? nil : label)
        switch target {
        case .sensor(let id): rule.sensorId = id
        case .room(let id): rule.roomId = id
        case .building(let id): rule.buildingId = id
        }
        saved = try await repository.createRule(rule)
      }
      next.saved = saved
      Self.fill(&next, threshold: saved.threshold, cooldown: saved.cooldownSec, forSeconds: saved.forSec)
      next.label = saved.label
      next.note =
        saved.clamped.isEmpty
        ? SensorAppText.ruleSaved.text(in: language)
        : SensorAppText.serverKept(fields: saved.clamped).text(in: language)
      next.clearFailure()
    } catch {
      next.fail(error, in: language)
    }
    state = next
  }

  private var template: AlertTemplateBody? { state.templates.first { $0.id == state.templateID } }

  private func choose(_ template: AlertTemplateBody, in next: inout State) {
    next.templateID = template.id
    Self.fill(
      &next, threshold: template.defaultThreshold, cooldown: template.minCooldownSec, forSeconds: template.defaultForSec
    )
    next.limits = limits(template)
    next.note = nil
  }

  /// "600 to 5000 ppm; at least 300 s" (the threshold's limits, then the cooldown's).
  private func limits(_ template: AlertTemplateBody) -> String {
    SensorAppText.thresholdBetween(Self.number(template.minThreshold), template.kind.text(template.maxThreshold))
      .text(in: language) + "; " + SensorAppText.atLeastSeconds(template.minCooldownSec).text(in: language)
  }

  private static func fill(_ next: inout State, threshold: Double, cooldown: Int, forSeconds: Int) {
    next.thresholdText = number(threshold)
    next.cooldownText = String(cooldown)
    next.forText = String(forSeconds)
  }

  static func number(_ value: Double) -> String {
    value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}
