import AtriumHTTP
import Foundation

/// The process's limit on open files (`RLIMIT_NOFILE`): every connection is one, and Linux
/// starts programs with a soft limit of 1,024, far below the connections a company's open pages
/// hold. `atrium serve` raises it at start, as far as the hard limit lets it.
enum OpenFileLimit {
  /// Raises the soft limit to `needed` (never lowers it), and the hard limit too when the
  /// process may (root, or `CAP_SYS_RESOURCE`); returns the limits in force afterwards.
  static func raise(to needed: Int) -> (soft: Int, hard: Int) {
    let resource = Int32(RLIMIT_NOFILE.rawValue)
    var limit = rlimit()
    guard getrlimit(resource, &limit) == 0 else { return (needed, needed) }
    if count(limit.rlim_cur) < needed {
      var wanted = limit
      wanted.rlim_cur = rlim_t(needed)
      wanted.rlim_max = max(limit.rlim_max, rlim_t(needed))
      // Refused unless privileged when the hard limit must grow: then up to the hard limit.
      if setrlimit(resource, &wanted) != 0 {
        wanted.rlim_cur = min(rlim_t(needed), limit.rlim_max)
        wanted.rlim_max = limit.rlim_max
        _ = setrlimit(resource, &wanted)
      }
      _ = getrlimit(resource, &limit)
    }
    return (count(limit.rlim_cur), count(limit.rlim_max))
  }

  /// A limit as a count; "unlimited" (all bits set) as `Int.max`.
  private static func count(_ value: rlim_t) -> Int {
    value >= rlim_t(Int.max) ? Int.max : Int(value)
  }
}

/// Raises the open-file limit for `configuration`'s connections and the database's, and when
/// the system allows fewer, serves fewer connections and says so: past the limit, connections
/// are then answered 503 instead of failing to be accepted at all.
func fitConnectionsToOpenFileLimit(_ configuration: inout HTTPServer.Configuration, beside databaseConnections: Int) {
  let needed = configuration.fileDescriptorsNeeded + databaseConnections
  let limit = OpenFileLimit.raise(to: needed)
  guard limit.soft < needed else { return }
  let asked = configuration.connectionLimit
  let available = limit.soft - (needed - asked - configuration.overflowAllowance)
  configuration.connectionLimit = max(16, available - max(16, available / 51))
  FileHandle.standardError.write(
    Data(
      """
      atrium: this system lets Atrium open \(limit.soft) files (hard limit \(limit.hard)), and \(asked) \
      connections need about \(needed): serving at most \(configuration.connectionLimit) connections. \
      Raise the limit (LimitNOFILE= in the systemd unit, ulimit -Hn in a shell) or lower --max-connections.

      """.utf8))
}
