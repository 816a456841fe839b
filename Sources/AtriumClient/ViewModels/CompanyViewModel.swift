import AtriumAPI
import AtriumHTTPTypes
import Foundation
import Observation

/// The company: its contact data, with the addresses the screen opens (call, website, map).
@Observable @MainActor
public final class CompanyViewModel {
  public struct State: Equatable, Sendable, ScreenState {
    public var name = ""
    public var phone: String?
    public var callURL: URL?
    public var website: URL?
    public var address: String?
    public var mapURL: URL?
    public var social: [String] = []
    public var isLoading = false
    public var error: String?
    public var isSignedOut = false
    public var isOffline = false

    public init() {}
  }

  public private(set) var state = State() {
    didSet { if state != oldValue { onChange?(state) } }
  }

  @ObservationIgnored public var onChange: ((State) -> Void)?
  private let repository: any CompanyRepository
  private let language: ClientLanguage

  public init(repository: any CompanyRepository, language: ClientLanguage = .en) {
    self.repository = repository
    self.language = language
  }

  public func appeared() async {
    var next = state
    next.isLoading = true
    if let cached = repository.cachedCompany() { show(cached, in: &next) }
    state = next
    do {
      show(try await repository.company(), in: &next)
      next.clearFailure()
    } catch {
      next.fail(error, in: language)
    }
    next.isLoading = false
    state = next
  }

  private func show(_ company: CompanyBody, in next: inout State) {
    next.name = company.name
    next.phone = company.phone.isEmpty ? nil : company.phone
    next.callURL = company.phone.isEmpty ? nil : URL(string: "tel:" + company.phone.filter { !$0.isWhitespace })
    next.website = company.website.isEmpty ? nil : URL(string: company.website)
    next.address = company.address.isEmpty ? nil : company.address
    next.mapURL =
      company.address.isEmpty
      ? nil
      : URL(
        string: "https://www.openstreetmap.org/search?query="
          + (company.address.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? ""))
    next.social = company.social.map { "\($0.network): \($0.url)" }
  }
}
