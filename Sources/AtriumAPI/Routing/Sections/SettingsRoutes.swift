extension Route {
  /// The caller's settings and push devices.
  public enum Settings: RouteSection {
    /// `GET /api/v1/me/settings`.
    case show
    /// `PATCH /api/v1/me/settings`.
    case update
    /// `GET /api/v1/devices`: the caller's push devices.
    case devices
    /// `POST /api/v1/devices`: register a push device (idempotent per token).
    case registerDevice
    /// `DELETE /api/v1/devices/{id}`.
    case deleteDevice(id: String)
    /// `GET /api/v1/push/vapid-public-key`: the key a browser subscribes with
    /// (`applicationServerKey`), the same on every instance.
    case vapidPublicKey

    public enum Name: String, CaseIterable, Sendable {
      case show = "mySettings"
      case update = "updateSettings"
      case devices, registerDevice, deleteDevice, vapidPublicKey
    }

    public static func endpoint(_ name: Name) -> Endpoint<Self> {
      switch name {
      case .show:
        Endpoint(
          .get, "/api/v1/me/settings", access: .signedIn, work: .quick, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .show }
      case .update:
        Endpoint(
          .patch, "/api/v1/me/settings", access: .signedIn, work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .update }
      case .devices:
        Endpoint(
          .get, "/api/v1/devices", access: .signedIn, work: .quick, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .devices }
      case .registerDevice:
        Endpoint(
          .post, "/api/v1/devices", access: .signedIn, work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .registerDevice }
      case .deleteDevice:
        Endpoint(
          .delete, "/api/v1/devices/{id}", access: .signedIn, work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .deleteDevice(id: parameters[0]) }
      case .vapidPublicKey:
        // Made once, on the first ask, by whichever instance asks first (a write, so the pool).
        Endpoint(
          .get, "/api/v1/push/vapid-public-key", access: .signedIn, work: .mayBlock, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .vapidPublicKey }
      }
    }

    public var parts: RouteParts<Name> {
      switch self {
      case .show: RouteParts(.show)
      case .update: RouteParts(.update)
      case .devices: RouteParts(.devices)
      case .registerDevice: RouteParts(.registerDevice)
      case .deleteDevice(let id): RouteParts(.deleteDevice, [id])
      case .vapidPublicKey: RouteParts(.vapidPublicKey)
      }
    }

    public static let examples: [Self] = [
      .show, .update, .devices, .registerDevice, .deleteDevice(id: Route.exampleID), .vapidPublicKey,
    ]
  }
}
