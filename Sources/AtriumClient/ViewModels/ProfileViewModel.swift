import AtriumAPI
import AtriumDomain
import AtriumMessages
import Foundation
import Observation

/// Someone's profile (or one's own), ready to show: every line already worded, the call and
/// mail addresses, and whether the edit button shows.
@MainActor
public final class ProfileViewModel: ScreenModel<ProfileViewModel.State> {
  public struct State: Equatable, Sendable, ScreenState {
    public var name = ""
    public var position = ""
    /// "Engineering · Madrid".
    public var place = ""
    public var email: String?
    public var mailURL: URL?
    public var phone: String?
    public var callURL: URL?
    public var manager: String?
    public var managerID: String?
    public var since: String?
    public var bio: String?
    public var photoPath: String?
    public var canEdit = false
    public var screenStatus = ScreenStatus()

    public init() {}
  }

  private let repository: any PeopleRepository
  /// Whose profile; nil for one's own.
  private let personID: String?

  public init(personID: String? = nil, repository: any PeopleRepository, language: ClientLanguage = .en) {
    self.personID = personID
    self.repository = repository
    super.init(state: State(), language: language)
  }

  public func appeared() async {
    var next = state
    next.isLoading = true
    next.clearFailure()
    let me = repository.cachedMe()
    if let id = personID ?? me?.id, let cached = repository.cachedProfile(id) { show(cached, me: me, in: &next) }
    state = next
    do {
      let me = try await repository.me()
      show(try await repository.profile(personID ?? me.id), me: me, in: &next)
    } catch {
      next.fail(error, in: language)
    }
    next.isLoading = false
    state = next
  }

  private func show(_ profile: PersonProfile, me: User?, in next: inout State) {
    let phone = profile.phone.filter { !$0.isWhitespace }
    next.name = profile.displayName
    next.position = profile.position
    next.place = [profile.department.name, profile.location.name].filter { !$0.isEmpty }.joined(separator: " · ")
    next.email = profile.email.isEmpty ? nil : profile.email
    next.mailURL = profile.email.isEmpty ? nil : URL(string: "mailto:" + profile.email)
    next.phone = profile.phone.isEmpty ? nil : profile.phone
    next.callURL = phone.isEmpty ? nil : URL(string: "tel:" + phone)
    next.manager = profile.manager?.displayName
    next.managerID = profile.manager?.id
    next.since = profile.startDate.map { AppText.since($0.description).text(in: language) }
    next.bio = profile.bio.isEmpty ? nil : profile.bio
    next.photoPath = profile.photoURL
    next.canEdit = me?.id == profile.id
  }
}
