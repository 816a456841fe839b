import AtriumLog
import AtriumServices
import Foundation

/// A throwaway OpenLDAP server for tests: slapd from Debian on 127.0.0.1 and a free port, with
/// its own configuration and database in a temporary folder, loaded with an LDIF tree, and
/// stopped by its process id. As root it runs as the `openldap` user (slapd misbehaves as
/// root); otherwise as the current user.
public final class Slapd: @unchecked Sendable {
  public static let suffix = "dc=example,dc=com"
  public static let adminDN = "cn=admin,dc=example,dc=com"
  public static let adminPassword = "admin-secret"

  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  public let port: Int
  public var url: String { "ldap://127.0.0.1:\(port)" }
  private let folder: TemporaryDirectory
  private let unlimitedDN: String?
  private var process: Process?

  /// Writes the configuration, loads `ldif` offline (slapadd) and starts the server.
  /// - Parameter pagedTotalFor: A DN allowed to read any number of entries through paged
  ///   searches (`size.prtotal=unlimited`); slapd's default caps even a paged search at its
  ///   500-entry size limit.
  public init(ldif: String, pagedTotalFor unlimitedDN: String? = nil) throws {
    self.unlimitedDN = unlimitedDN
    folder = TemporaryDirectory(prefix: "atrium-slapd")
    port = try FreePort.loopback()
    try FileManager.default.createDirectory(atPath: folder.path + "/db", withIntermediateDirectories: true)
    try configuration.write(toFile: folder.path + "/slapd.conf", atomically: true, encoding: .utf8)
    try ldif.write(toFile: folder.path + "/data.ldif", atomically: true, encoding: .utf8)
    if Self.isRoot {
      chmod(folder.path, 0o755)
      try Command.run("/bin/chown", ["-R", "openldap:openldap", folder.path])
    }
    try Command.run(
      "/usr/sbin/slapadd", ["-q", "-f", folder.path + "/slapd.conf", "-l", folder.path + "/data.ldif"],
      as: Self.isRoot ? "openldap" : nil)
    try start()
  }

  deinit {
    stop()
  }

  /// Starts slapd and waits until it accepts connections.
  public func start() throws {
    guard process == nil else { return }
    let slapd = Process()
    slapd.executableURL = URL(fileURLWithPath: Self.isRoot ? "/usr/sbin/runuser" : "/usr/sbin/slapd")
    slapd.arguments =
      (Self.isRoot ? ["-u", "openldap", "--", "/usr/sbin/slapd"] : [])
      + ["-f", folder.path + "/slapd.conf", "-h", "ldap://127.0.0.1:\(port)/", "-d", "0"]
    slapd.standardOutput = FileHandle.nullDevice
    slapd.standardError = FileHandle(forWritingAtPath: "/dev/null")
    try slapd.run()
    process = slapd
    let deadline = Date().addingTimeInterval(15)
    while Date() < deadline {
      if Self.accepts(port: port) { return }
      usleep(20_000)
    }
    stop()
    throw Failure(description: "slapd did not start on port \(port)")
  }

  /// Stops slapd (by the pid it wrote) and waits for it to exit.
  public func stop() {
    guard let slapd = process else { return }
    process = nil
    // SIGKILL: a child of the test process inherits its blocked signal mask, so slapd never
    // sees SIGTERM (and runuser, sent SIGTERM itself, waits two seconds before it kills its
    // child). The database is a throwaway, and LMDB survives a kill.
    if let text = try? String(contentsOfFile: folder.path + "/slapd.pid", encoding: .utf8),
      let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    {
      kill(pid, SIGKILL)
    } else {
      kill(slapd.processIdentifier, SIGKILL)
    }
    slapd.waitUntilExit()
    let deadline = Date().addingTimeInterval(10)
    while Self.accepts(port: port) && Date() < deadline { usleep(20_000) }
    try? FileManager.default.removeItem(atPath: folder.path + "/slapd.pid")
  }

  /// Applies an LDIF change (`changetype: modify|add|delete`) as the directory's admin.
  public func modify(_ ldif: String) throws {
    let file = folder.path + "/change-\(UUID().uuidString).ldif"
    try ldif.write(toFile: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: file) }
    try Command.run(
      "/usr/bin/ldapmodify", ["-x", "-H", url, "-D", Self.adminDN, "-w", Self.adminPassword, "-f", file])
  }

  private var configuration: String {
    """
    include /etc/ldap/schema/core.schema
    include /etc/ldap/schema/cosine.schema
    include /etc/ldap/schema/inetorgperson.schema
    modulepath /usr/lib/ldap
    moduleload back_mdb
    pidfile \(folder.path)/slapd.pid
    argsfile \(folder.path)/slapd.args
    database mdb
    maxsize 268435456
    suffix "\(Self.suffix)"
    rootdn "\(Self.adminDN)"
    rootpw \(Self.adminPassword)
    directory \(folder.path)/db
    index uid,cn,mail eq
    \(unlimitedDN.map { "limits dn.exact=\"\($0)\" size.prtotal=unlimited" } ?? "")
    access to attrs=userPassword by self write by anonymous auth by * none
    access to * by users read by * none

    """
  }

  private static var isRoot: Bool { getuid() == 0 }

  private static func accepts(port: Int) -> Bool {
    (try? RawHTTPClient(port: port, timeout: 1)) != nil
  }
}
