import AtriumAPI
import AtriumHTTPTypes
import AtriumMessages
import Foundation
import Observation

/// The company: its contact data, with the addresses the screen opens (call, website, map).
@MainActor
public final class CompanyViewModel: ScreenModel<CompanyViewModel.State> {
  public struct State: Equatable, Sendable, ScreenState {
    public var name = ""
    public var phone: String?
    public var callURL: URL?
    public var website: URL?
    public var address: String?
    public var mapURL: URL?
    public var social: [String] = []
    public var screenStatus = ScreenStatus()

    public init() {}
  }

  private let repository: any CompanyRepository

  public init(repository: any CompanyRepository, language: ClientLanguage = .en) {
    self.repository = repository
    super.init(state: State(), language: language)
  }

  public func appeared() async {
    await load(cached: repository.cachedCompany(), fresh: repository.company, show: show)
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
