/// The keys of PostgreSQL advisory locks that instances sharing one database take, so that
/// work meant to happen once (a migration, seeding the demo company) happens once.
///
/// One place for every key, so two concerns can never pick the same number.
public enum DatabaseLocks {
  /// Held while a migration runs.
  public static let migrations: Int64 = 0x4154_5249_554D_0001
  /// Held while the demo company is seeded into an empty database.
  public static let demoSeed: Int64 = 0x4154_5249_554D_0002
  /// Held from a live event's numbering until its transaction ends (see `LiveEventStore`).
  public static let liveEvents: Int64 = 0x4154_5249_554D_0003
}
