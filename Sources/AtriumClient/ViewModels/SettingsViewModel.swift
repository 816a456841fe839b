import AtriumAPI
import AtriumDomain
import AtriumMessages
import Foundation
import Observation

/// Settings: which notifications to get, the language, and the calendar feed addresses with
/// a "new link" that retires the old ones. A switch shows its new value at once; if the
/// server does not take it, it goes back and the reason shows.
@MainActor
public final class SettingsViewModel: ScreenModel<SettingsViewModel.State> {
  /// One kind of notification, as the server names it, with a switch per channel.
  public struct NotificationRow: Equatable, Sendable, Identifiable {
    /// The kind's id: `leaveDecisions`, `approvalsWaiting`, `companyNotices`, and the kinds
    /// later sections add (a new kind shows without a new app).
    public let id: String
    public let name: String
    public var board: Bool
    public var mail: Bool
    public var push: Bool
    /// One mail at 08:00 instead of one each time; only where `offersDigest`.
    public var digest: Bool
    public let offersDigest: Bool

    public func isOn(_ channel: NotificationChannel) -> Bool {
      switch channel {
      case .board: board
      case .mail: mail
      case .push: push
      }
    }
  }

  /// One place the person is signed in.
  public struct SessionRow: Equatable, Sendable {
    public let id: String
    /// `Firefox on Linux`, `Atrium app or command line`.
    public let device: String
    /// The address it signed in from, and when it was last used.
    public let detail: String
    /// The session this app uses; signing it out signs the app out.
    public let isCurrent: Bool
  }

  public struct State: Equatable, Sendable, ScreenState {
    /// In the order the server gives.
    public var notifications: [NotificationRow] = []
    /// `en` or `es`.
    public var language = ""
    public var calendarURL: URL?
    public var teamCalendarURL: URL?
    /// Where the person is signed in, most recently used first.
    public var sessions: [SessionRow] = []
    public var screenStatus = ScreenStatus()
    public var message: String?

    public init() {}
  }

  private let repository: any SettingsRepository

  public init(repository: any SettingsRepository, language: ClientLanguage = .en) {
    self.repository = repository
    super.init(state: State(), language: language)
  }

  public func appeared() async {
    var next = state
    next.isLoading = true
    next.clearFailure()
    if let cached = repository.cachedSettings() { show(cached, in: &next) }
    if let cached = repository.cachedCalendarFeeds() { show(cached, in: &next) }
    state = next
    do {
      show(try await repository.settings(), in: &next)
      show(try await repository.calendarFeeds(), in: &next)
      show(try await repository.sessions(), in: &next)
    } catch {
      next.fail(error, in: language)
    }
    next.isLoading = false
    state = next
  }

  /// One channel of one kind switched.
  public func notificationToggled(kind: String, channel: NotificationChannel, isOn: Bool) async {
    guard let index = state.notifications.firstIndex(where: { $0.id == kind }) else { return }
    var change = NotificationChoiceChange()
    switch channel {
    case .board:
      state.notifications[index].board = isOn
      change.board = isOn
    case .mail:
      state.notifications[index].mail = isOn
      change.mail = isOn
    case .push:
      state.notifications[index].push = isOn
      change.push = isOn
    }
    await save(SettingsChange(notifications: [kind: .channels(change)]))
  }

  /// The daily digest switched for a kind that offers one.
  public func digestToggled(kind: String, isOn: Bool) async {
    guard let index = state.notifications.firstIndex(where: { $0.id == kind && $0.offersDigest }) else { return }
    state.notifications[index].digest = isOn
    await save(SettingsChange(notifications: [kind: .channels(NotificationChoiceChange(digest: isOn))]))
  }

  public func languageChosen(_ code: String) async {
    state.language = code
    await save(SettingsChange(language: code))
  }

  public func newCalendarLinkTapped() async {
    var next = state
    next.clearFailure()
    do {
      show(try await repository.newCalendarFeeds(), in: &next)
      next.message = AppText.newCalendarLinks.text(in: language)
    } catch {
      next.fail(error, in: language)
    }
    state = next
  }

  /// Signs one session out. The row goes once the server has ended it; the list is then read
  /// again, so it shows what is true.
  public func signOutTapped(sessionID: String) async {
    var next = state
    next.clearFailure()
    next.message = nil
    do {
      try await repository.endSession(id: sessionID)
      next.sessions.removeAll { $0.id == sessionID }
      next.message = AppText.signedOut.text(in: language)
      show(try await repository.sessions(), in: &next)
    } catch {
      next.fail(error, in: language)
    }
    state = next
  }

  private func save(_ change: SettingsChange) async {
    var next = state
    next.clearFailure()
    next.message = nil
    do {
      show(try await repository.update(change), in: &next)
    } catch {
      // Back to what the server last said, so the switch never shows a setting not in force.
      if let saved = repository.cachedSettings() { show(saved, in: &next) }
      next.fail(error, in: language)
    }
    state = next
  }

  private func show(_ settings: SettingsBody, in next: inout State) {
    next.notifications = settings.notificationKinds.map { kind in
      let choice = settings.notifications[kind.id]
      return NotificationRow(
        id: kind.id, name: kind.name, board: choice?.board ?? true, mail: choice?.mail ?? true,
        push: choice?.push ?? true, digest: choice?.digest ?? false, offersDigest: kind.offersDigest)
    }
    next.language = settings.language
  }

  private func show(_ sessions: [SessionBody], in next: inout State) {
    next.sessions = sessions.map { session in
      let used = ClientDates.instant(session.lastUsedAt, in: language, timeZone: .current)
      return SessionRow(
        id: session.id, device: DeviceName(userAgent: session.device, kind: session.kind).text(in: language),
        detail: [session.address, AppText.lastUsed(used).text(in: language)].filter { !$0.isEmpty }
          .joined(separator: " · "),
        isCurrent: session.current)
    }
  }

  private func show(_ feeds: CalendarFeedBody, in next: inout State) {
    next.calendarURL = URL(string: feeds.url)
    next.teamCalendarURL = URL(string: feeds.teamURL)
  }
}
