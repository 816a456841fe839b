import AtriumAPI
import AtriumSQL
import AtriumStore
import Foundation
import Synchronization

/// The directory settings in force: those an admin saved through the API when there are any,
/// else the `ATRIUM_LDAP_*` variables read at start-up. Sign-ins and syncs ask for the current
/// ones each time, so an admin's change applies to the next sign-in without a restart.
package final class CurrentDirectory: Sendable {
  package enum Source: String {
    case environment, admin
  }

  private let environment: ServerEnvironment
  private let state: Mutex<(configuration: DirectoryConfiguration?, source: Source)>

  package init(environment: ServerEnvironment) {
    self.environment = environment
    var initial: (DirectoryConfiguration?, Source) = (environment.directory, .environment)
    do {
      if let json = try environment.database.read({ try DirectoryStore($0).savedSettings() }) {
        let settings = try JSONDecoder().decode(DirectorySettings.self, from: Data(json.utf8))
        initial = (try DirectoryConfiguration.from(settings: settings), .admin)
      }
    } catch {
      environment.log.write(
        ErrorLogEntry(requestId: "directory", error: "the saved directory settings are unusable: \(error)").line)
    }
    state = Mutex(initial)
  }

  package var configuration: DirectoryConfiguration? { state.withLock { $0.configuration } }
  package var source: Source { state.withLock { $0.source } }

  /// Sign-in and sync with the current settings; nil when there is no directory.
  package func service() -> DirectoryService? {
    configuration.map {
      DirectoryService(environment: environment, configuration: $0, photos: PhotoService(environment: environment))
    }
  }

  /// Saves an admin's settings (they win over the environment's from now on).
  package func save(_ configuration: DirectoryConfiguration, connection: any DatabaseConnection) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(configuration.settings), as: UTF8.self)
    try DirectoryStore(connection).saveSettings(json, at: environment.now().milliseconds)
  }

  /// Makes saved settings current, once their transaction committed.
  package func use(_ configuration: DirectoryConfiguration?, source: Source) {
    state.withLock { $0 = (configuration, source) }
  }
}
