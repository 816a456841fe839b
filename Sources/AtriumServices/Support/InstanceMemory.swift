import AtriumDomain
import AtriumSQL
import AtriumStore

/// What one instance keeps in memory of the reads nearly every request repeats (see
/// `RecentReads` for how long, and what makes it read again).
package final class InstanceMemory: Sendable {
  package let changes = ChangeSignal()
  /// Who a caller is, by employee and session (`AuthService.authenticate`).
  package let callers: RecentReads<CallerKey, Caller?>
  /// Each location's time zone, by location id (nil: no such location).
  package let timeZones: RecentReads<String, String?>

  package struct CallerKey: Hashable, Sendable {
    package let employeeID: String
    package let sessionID: String
  }

  /// The facts an access token is checked against.
  package struct Caller: Sendable {
    package let employee: Employee
    package let sessionEnded: Bool
    package let validAfter: Int64
  }

  package init() {
    callers = RecentReads(signal: changes)
    timeZones = RecentReads(signal: changes)
  }
}

extension ServerEnvironment {
  /// This environment for one instance, with a memory of its own: every write through its
  /// database, and every change another instance announces, makes the memory read again.
  /// - Returns: The environment, and the function that stops listening to other instances.
  package func withInstanceMemory() -> (environment: ServerEnvironment, stopListening: @Sendable () -> Void) {
    let memory = InstanceMemory()
    var environment = self
    environment.database = Self.watching(database, signal: memory.changes)
    environment.memory = memory
    let stopListening = (database as? any DatabaseNotifications)?.listen(on: CachedRows.channel) {
      memory.changes.changed()
    }
    return (environment, stopListening ?? {})
  }

  private static func watching(_ database: some Database, signal: ChangeSignal) -> any Database {
    ChangeWatchingDatabase(database, signal: signal)
  }
}
