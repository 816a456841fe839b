extension Route {
  /// The company directory (LDAP): its settings and syncs (admins).
  public enum Directory: RouteSection {
    /// `GET /api/v1/directory`: the directory's settings (no secrets) and last sync.
    case show
    /// `PUT /api/v1/directory`: an admin saves the directory settings (they win over the
    /// environment's from then on).
    case update
    /// `DELETE /api/v1/directory`: an admin forgets the saved settings; the environment's apply.
    case reset
    /// `POST /api/v1/directory/sync`: an admin syncs the people with the directory now.
    case sync

    public enum Name: String, CaseIterable, Sendable {
      case show = "directory"
      case update = "updateDirectory"
      case reset = "resetDirectory"
      case sync = "syncDirectory"
    }

    public static func endpoint(_ name: Name) -> Endpoint<Self> {
      switch name {
      case .show:
        Endpoint(
          .get, "/api/v1/directory", access: .admin(to: "see the directory settings"), work: .quick,
          replay: .neverStored, beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .show }
      case .update:
        // The body carries the bind password, which is never stored for replays.
        Endpoint(
          .put, "/api/v1/directory", access: .admin(to: "change the directory settings"), work: .quick,
          replay: .neverStored, beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .update }
      case .reset:
        Endpoint(
          .delete, "/api/v1/directory", access: .admin(to: "change the directory settings"), work: .quick,
          replay: .storesAnswer, beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .reset }
      case .sync:
        // Talks to the directory server, which may be slow: on the worker pool.
        Endpoint(
          .post, "/api/v1/directory/sync", access: .admin(to: "sync with the directory"), work: .mayBlock,
          replay: .storesAnswer, beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .sync }
      }
    }

    public var parts: RouteParts<Name> {
      switch self {
      case .show: RouteParts(.show)
      case .update: RouteParts(.update)
      case .reset: RouteParts(.reset)
      case .sync: RouteParts(.sync)
      }
    }

    public static let examples: [Self] = [.show, .update, .reset, .sync]
  }
}
