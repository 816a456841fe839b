import AtriumAPI
import AtriumDomain
import AtriumMessages
import Foundation
import Observation

/// Editing one's own profile: phone, location and bio, saved together with the server's
/// reasons shown next to each field; and a new photo, checked for kind and size before it is
/// sent, with its error shown next to the photo.
@MainActor
public final class EditProfileViewModel: ScreenModel<EditProfileViewModel.State> {
  public struct Choice: Equatable, Sendable {
    public let id: String
    public let name: String
  }

  public struct State: Equatable, Sendable, ScreenState {
    public var phone = ""
    public var bio = ""
    public var locationID = ""
    public var locations: [Choice] = []
    /// By field (`phone`, `bio`, `locationId`): what is wrong with it.
    public var fieldErrors: [String: String] = [:]
    public var isSaveEnabled = false
    public var isSaving = false
    public var photoPath: String?
    public var photoError: String?
    public var isUploading = false
    public var message: String?
    public var screenStatus = ScreenStatus()

    public init() {}
  }

  /// The largest photo the server takes.
  public static let maximumPhotoBytes = EndpointRules.BodyLimit.photo.bytes

  private let repository: any PeopleRepository
  private var saved: PersonProfile?

  public init(repository: any PeopleRepository, language: ClientLanguage = .en) {
    self.repository = repository
    super.init(state: State(), language: language)
  }

  public func appeared() async {
    do {
      let me = try await repository.me()
      let profile = try await repository.profile(me.id)
      let filters = try await repository.filters()
      saved = profile
      var next = state
      next.phone = profile.phone
      next.bio = profile.bio
      next.locationID = profile.location.id
      next.photoPath = profile.photoURL
      next.locations = filters.locations.map { Choice(id: $0.id, name: $0.name) }
      next.clearFailure()
      state = next
    } catch {
      state.fail(error, in: language)
    }
    updateSaveEnabled()
  }

  public func phoneChanged(_ text: String) {
    state.phone = text
    state.fieldErrors["phone"] = nil
    updateSaveEnabled()
  }

  public func bioChanged(_ text: String) {
    state.bio = text
    state.fieldErrors["bio"] = nil
    updateSaveEnabled()
  }

  public func locationChosen(_ id: String) {
    state.locationID = id
    state.fieldErrors["locationId"] = nil
    updateSaveEnabled()
  }

  public func saveTapped() async {
    guard let saved, state.isSaveEnabled else { return }
    var change = ProfileChange()
    if state.phone != saved.phone { change.phone = state.phone }
    if state.bio != saved.bio { change.bio = state.bio }
    if state.locationID != saved.location.id { change.locationId = state.locationID }
    state.isSaving = true
    state.isSaveEnabled = false
    state.message = nil
    state.clearFailure()
    do {
      let profile = try await repository.updateMe(change)
      self.saved = profile
      state.phone = profile.phone
      state.bio = profile.bio
      state.locationID = profile.location.id
      state.fieldErrors = [:]
      state.message = AppText.profileSaved.text(in: language)
    } catch {
      if case .badRequest(let problem) = error, let errors = problem.errors, !errors.isEmpty {
        state.fieldErrors = Dictionary(errors.map { ($0.field, $0.message) }) { first, _ in first }
      } else {
        state.fail(error, in: language)
      }
    }
    state.isSaving = false
    updateSaveEnabled()
  }

  /// A photo the person picked: JPEG, PNG or WebP, told apart by their first bytes.
  public func photoChosen(_ bytes: Data) async {
    state.photoError = nil
    guard bytes.count <= Self.maximumPhotoBytes else {
      state.photoError = AppText.photoTooLarge(megabytes: EndpointRules.BodyLimit.photo.megabytes).text(in: language)
      return
    }
    guard let contentType = Self.imageType(of: bytes) else {
      state.photoError =
        AppText.choosePhotoFormat.text(in: language)
      return
    }
    state.isUploading = true
    do {
      let profile = try await repository.uploadPhoto(bytes, contentType: contentType)
      state.photoPath = profile.photoURL
      state.message = AppText.photoChanged.text(in: language)
    } catch {
      // Shown next to the photo rather than as the screen's error.
      state.fail(error, in: language)
      state.photoError = state.error
      state.error = nil
    }
    state.isUploading = false
  }

  static func imageType(of bytes: Data) -> String? {
    let head = [UInt8](bytes.prefix(12))
    if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
    if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
    if head.count == 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
      return "image/webp"
    }
    return nil
  }

  private func updateSaveEnabled() {
    guard let saved, !state.isSaving else {
      state.isSaveEnabled = false
      return
    }
    state.isSaveEnabled =
      state.phone != saved.phone || state.bio != saved.bio || state.locationID != saved.location.id
  }
}
