extension Route {
  /// The caller's own account (`/api/v1/me`): profile, password and photo.
  public enum Me: RouteSection {
    /// `GET /api/v1/me`: the signed-in user.
    case show
    /// `PATCH /api/v1/me`: the caller changes their phone, location or bio.
    case update
    /// `POST /api/v1/me/password`: the caller changes their password; other sessions end.
    case changePassword
    /// `PUT /api/v1/me/photo`: the caller's new photo, the image itself as the body.
    case updatePhoto
    /// `DELETE /api/v1/me/photo`: back to initials.
    case deletePhoto
    /// `GET /api/v1/me/sessions`: where the caller is signed in.
    case sessions
    /// `DELETE /api/v1/me/sessions/{id}`: signs one of them out; its access tokens stop at once.
    case endSession(id: String)
    /// `POST /api/v1/me/deletion`: the caller deletes their own account, confirming it with
    /// their e-mail and password.
    case deleteAccount
    /// `POST /api/v1/me/email`: the caller asks to use another address; a link goes to it.
    case changeEmail

    public enum Name: String, CaseIterable, Sendable {
      case show = "me"
      case update = "updateMe"
      case changePassword
      case updatePhoto = "updateMyPhoto"
      case deletePhoto = "deleteMyPhoto"
      case sessions = "mySessions"
      case endSession = "endMySession"
      case deleteAccount = "deleteMyAccount"
      case changeEmail = "changeMyEmail"
    }

    public static func endpoint(_ name: Name) -> Endpoint<Self> {
      switch name {
      case .show:
        Endpoint(
          .get, "/api/v1/me", access: .signedIn, work: .quick, replay: .neverStored, beforePasswordChange: .allowed,
          bodyLimit: .standard
        ) { _, _ in .show }
      case .update:
        Endpoint(
          .patch, "/api/v1/me", access: .signedIn, work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .update }
      case .changePassword:
        // The new password is hashed on the worker pool; the answer holds new tokens.
        Endpoint(
          .post, "/api/v1/me/password", access: .signedIn, work: .mayBlock, replay: .neverStored,
          beforePasswordChange: .allowed, bodyLimit: .standard
        ) { _, _ in .changePassword }
      case .updatePhoto:
        Endpoint(
          .put, "/api/v1/me/photo", access: .signedIn, work: .mayBlock, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .photo
        ) { _, _ in .updatePhoto }
      case .deletePhoto:
        Endpoint(
          .delete, "/api/v1/me/photo", access: .signedIn, work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .deletePhoto }
      case .sessions:
        Endpoint(
          .get, "/api/v1/me/sessions", access: .signedIn, work: .quick, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .sessions }
      case .endSession:
        Endpoint(
          .delete, "/api/v1/me/sessions/{id}", access: .signedIn, work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .endSession(id: parameters[0]) }
      case .deleteAccount:
        // Checks the password on the worker pool; the account is gone, so nothing is replayed.
        Endpoint(
          .post, "/api/v1/me/deletion", access: .signedIn, work: .mayBlock, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .deleteAccount }
      case .changeEmail:
        // Checks the password on the worker pool; never stored for replays.
        Endpoint(
          .post, "/api/v1/me/email", access: .signedIn, work: .mayBlock, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .changeEmail }
      }
    }

    public var parts: RouteParts<Name> {
      switch self {
      case .show: RouteParts(.show)
      case .update: RouteParts(.update)
      case .changePassword: RouteParts(.changePassword)
      case .updatePhoto: RouteParts(.updatePhoto)
      case .deletePhoto: RouteParts(.deletePhoto)
      case .sessions: RouteParts(.sessions)
      case .endSession(let id): RouteParts(.endSession, [id])
      case .deleteAccount: RouteParts(.deleteAccount)
      case .changeEmail: RouteParts(.changeEmail)
      }
    }

    public static let examples: [Self] = [
      .show, .update, .changePassword, .updatePhoto, .deletePhoto, .sessions, .endSession(id: "s 1"), .deleteAccount,
      .changeEmail,
    ]
  }
}
