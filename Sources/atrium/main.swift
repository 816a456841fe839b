import AtriumCrypto
import AtriumDomain
import AtriumHTTP
import AtriumHTTPTypes
import AtriumLog
import AtriumMessages
import AtriumServer
import AtriumServices
import AtriumStore
import Foundation

/// `atrium`: runs the server and its administrative commands.
///
/// Configuration comes from flags, then `ATRIUM_*` environment variables, then defaults; it is
/// read here once and handed down as values.
let arguments = Array(CommandLine.arguments.dropFirst())
let environment = ProcessInfo.processInfo.environment

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("atrium: \(message)\n".utf8))
  exit(2)
}

let usage = """
  Usage: atrium serve [options]
         atrium seed --data DIR [--database URL] [--employees N] [--requests-per-employee K] [--seed S]
                     [--today YYYY-MM-DD]
         atrium import people FILE.csv --as ADMIN [--data DIR] [--dry-run]
         atrium ldap sync [--data DIR]
         atrium backup --to FILE [--data DIR]
         atrium restore --from FILE [--data DIR]
         atrium migrate --from DIR --to postgres://USER@HOST/DB
         atrium verify balances [--data DIR] [--database URL]

  ldap sync brings the people in step with the company directory once, as the server does
  every ATRIUM_LDAP_SYNC_INTERVAL; the directory is set up with ATRIUM_LDAP_* variables
  (README, "Sign in with the company directory").

  backup writes a consistent copy of the database to a new FILE while the server runs;
  restore puts one back, only while no server uses the folder (the replaced database is kept).
  import and ldap sync use PostgreSQL when ATRIUM_DATABASE_URL is set; backup and restore are
  for the SQLite file (on PostgreSQL, use pg_dump: README).

  migrate moves a company from a data folder's SQLite file into an empty PostgreSQL database
  (one transaction; every table checked before it is kept), while no server uses the folder.

  verify balances compares every balance kept as rows with the one counted from the history
  of requests, and each person's unread count with their notices, and exits 1 listing any
  difference (it only reads: a server may run meanwhile).

  seed fills an empty data folder with the benchmark company (deterministic for a seed and a
  day; defaults: 1000 employees, 7 requests each, seed 1, today).

  Mail goes out when ATRIUM_SMTP_URL (smtp:// or smtps://), ATRIUM_MAIL_FROM and --public-url
  are set, with ATRIUM_SMTP_SECURITY, _USER, _PASSWORD, _CA_FILE and _TIMEOUT (README, "Mail");
  under --demo without them, mails are written to DIR/outbox-mail as .eml files. Web Push is
  always on; APNs needs ATRIUM_APNS_KEY_FILE, _KEY_ID, _TEAM_ID and _TOPIC (README, "Push").

  Options (each also read from the environment variable shown):
    --data DIR        data folder (ATRIUM_DATA, default ./atrium-data): the SQLite database,
                      the signing key and uploaded files (only the files with --database)
    --database URL    PostgreSQL instead of the SQLite file, as postgres://USER@HOST/DB
                      (ATRIUM_DATABASE_URL; a password is better in ~/.pgpass or PGPASSWORD)
    --files DIR       uploaded files (photos), a folder every instance shares when several
                      run on one database (ATRIUM_FILES, default: DIR/files of --data)
    --host ADDRESS    numeric address to listen on (ATRIUM_HOST, default 127.0.0.1)
    --port PORT       port to listen on, 0 for any free one (ATRIUM_PORT, default 8080)
    --threads N       network threads (ATRIUM_THREADS, default: one per core, four per core with
                      --database: a request waiting on PostgreSQL leaves its thread idle)
    --workers N       threads for slow work such as password hashing (ATRIUM_WORKERS, default 4)
    --writers N       threads for changes: they wait for the disk together and are committed
                      at once (ATRIUM_WRITERS, default 16)
    --timeout SECONDS close connections idle this long (ATRIUM_TIMEOUT, default 30)
    --max-connections N
                      connections served at once; every open page holds one. Past N, new ones
                      are answered 503 with Retry-After. The open-file limit is raised to fit,
                      or N lowered to what the system allows, with a warning
                      (ATRIUM_MAX_CONNECTIONS, default 20000)
    --connections-per-address N
                      at most N connections from one client address, so slow clients from one
                      place cannot hold them all; for a server facing the internet without a
                      proxy (ATRIUM_CONNECTIONS_PER_ADDRESS, default 0: no limit)
    --trust-proxy     take client addresses from X-Forwarded-For, as set by a reverse proxy
                      in front of Atrium (ATRIUM_TRUST_PROXY=1)
    --durability D    full: every commit reaches the disk before it is answered (default);
                      normal: faster writes that survive a crash of Atrium but maybe not a
                      power cut (ATRIUM_DURABILITY)
    --public-url URL  the address people reach Atrium at, for calendar feed links and mails
                      (ATRIUM_PUBLIC_URL, default: the request's Host)
    --feed-interval SECONDS
                      how often each timeline feed is fetched (ATRIUM_FEED_INTERVAL,
                      default 900)
    --feed-allowed-hosts HOST,HOST
                      intranet hosts feeds may be fetched from although they resolve to a
                      private or local address (ATRIUM_FEED_ALLOWED_HOSTS; default none)
    --mqtt URL        the sensors' MQTT broker, mqtt://HOST:PORT or mqtts://HOST:PORT
                      (ATRIUM_MQTT_URL; without it the Sensors section says it is not set up)
    --mqtt-admin USER:PASSWORD
                      an admin account of the broker's dynamic-security plugin
                      (ATRIUM_MQTT_ADMIN)
    --mqtt-ca FILE    the CA that signed the broker's certificate, for mqtts://
                      (ATRIUM_MQTT_CA_FILE)
    --mqtt-public URL where sensors reach the broker, told them at registration, when
                      not at --mqtt's address (ATRIUM_MQTT_PUBLIC_URL)
    --demo            create the demo company when the data folder is empty (ATRIUM_DEMO=1)
  """

guard let command = arguments.first else { fail("missing command\n\n\(usage)") }
// Help is asked for, not an error: on every command it prints the usage and exits 0.
if arguments.contains("--help") || arguments.contains("-h") {
  print(
    ClientCommands.commands.contains(command)
      ? CommandLineText.clientCommands.text(
        in: ClientCommands.language(environment: ProcessInfo.processInfo.environment)) : usage)
  exit(0)
}
switch command {
case "serve":
  runServe(Array(arguments.dropFirst()))
case "seed":
  runSeed(Array(arguments.dropFirst()))
case "import":
  runImport(Array(arguments.dropFirst()))
case "ldap":
  runDirectorySync(Array(arguments.dropFirst()))
case "backup":
  BackupCommands.backup(Array(arguments.dropFirst()), environment: environment)
case "restore":
  BackupCommands.restore(Array(arguments.dropFirst()), environment: environment)
case "migrate":
  MigrateCommand.run(Array(arguments.dropFirst()))
case "verify":
  VerifyCommand.run(Array(arguments.dropFirst()))
case "help", "--help", "-h":
  print(usage + "\n\n" + CommandLineText.clientCommands.text(in: ClientCommands.language(environment: environment)))
case _ where ClientCommands.commands.contains(command):
  ClientCommands.run(arguments, environment: environment)
default:
  fail("unknown command \(command)\n\n\(usage)")
}

func runSeed(_ arguments: [String]) {
  var options: [String: String] = [:]
  var index = 0
  while index < arguments.count {
    let flag = arguments[index]
    guard ["--data", "--database", "--employees", "--requests-per-employee", "--seed", "--today"].contains(flag) else {
      fail("unknown option \(flag)\n\n\(usage)")
    }
    guard index + 1 < arguments.count else { fail("\(flag) needs a value") }
    options[String(flag.dropFirst(2))] = arguments[index + 1]
    index += 2
  }
  func number(_ name: String, _ fallback: Int, _ range: ClosedRange<Int>) -> Int {
    let text = options[name] ?? String(fallback)
    guard let value = Int(text), range.contains(value) else {
      fail("--\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), got \(text)")
    }
    return value
  }
  let started = Date()
  let today: CalendarDate
  if let text = options["today"] {
    guard let date = CalendarDate(text) else { fail("--today must be a date as YYYY-MM-DD, got \(text)") }
    today = date
  } else {
    today = DemoCompany.today(in: "Europe/Madrid", at: started)
  }
  let seedOptions = BenchmarkCompany.Options(
    employees: number("employees", 1_000, 223...1_000_000),
    requestsPerEmployee: number("requests-per-employee", 7, 0...50),
    seed: UInt64(number("seed", 1, 0...Int.max)), today: today)
  do {
    let directory = try DataDirectory(path: options["data"] ?? "./atrium-data")
    let database = try directory.openDatabase(url: databaseURL(options))
    _ = try directory.signingKey(for: database)
    let summary = try BenchmarkCompany.seed(
      into: database, options: seedOptions, hasher: PasswordHasher(), now: Int64(started.timeIntervalSince1970 * 1000))
    let seconds = Date().timeIntervalSince(started)
    let place = (database as? PostgresDatabase).map { "the database at \($0.address)" } ?? directory.path
    print(
      "Seeded \(place): \(summary.employees) employees, \(summary.requests) requests "
        + "(\(summary.pendingForManager) pending for bench.manager) in \(String(format: "%.1f", seconds)) s.")
    print("Every account's password: \(BenchmarkCompany.password)  (bench.admin, bench.manager, bench.employee, ...)")
  } catch {
    fail("\(error)")
  }
}

func runImport(_ arguments: [String]) {
  guard arguments.first == "people", arguments.count >= 2 else {
    fail("usage: atrium import people FILE.csv --as ADMIN")
  }
  let file = arguments[1]
  var admin: String?
  var dataPath = environment["ATRIUM_DATA"] ?? "./atrium-data"
  var dryRun = false
  var index = 2
  while index < arguments.count {
    switch arguments[index] {
    case "--dry-run":
      dryRun = true
    case "--as", "--data":
      guard index + 1 < arguments.count else { fail("\(arguments[index]) needs a value") }
      if arguments[index] == "--as" { admin = arguments[index + 1] } else { dataPath = arguments[index + 1] }
      index += 1
    default:
      fail("unknown option \(arguments[index])")
    }
    index += 1
  }
  guard let admin else { fail("--as ADMIN is required: the admin the import is recorded under") }
  guard let data = FileManager.default.contents(atPath: file), let csv = String(data: data, encoding: .utf8) else {
    fail("cannot read \(file) as UTF-8 text")
  }
  do {
    let directory = try DataDirectory(path: dataPath)
    let database = try directory.openDatabase(url: databaseURL([:]))
    print(
      try PeopleImportCommand.run(
        csv: csv, database: database, signingKey: try directory.signingKey(for: database), adminUsername: admin,
        dryRun: dryRun))
  } catch {
    fail("\(error)")
  }
}

/// The PostgreSQL database to use, from `--database` or `ATRIUM_DATABASE_URL`; nil for the
/// SQLite file in the data folder.
/// `--flag value` pairs by flag name without its dashes; anything else stops with the usage.
func flagValues(_ arguments: [String], allowed: Set<String>, usage: String) -> [String: String] {
  var values: [String: String] = [:]
  var index = 0
  while index < arguments.count {
    let flag = arguments[index]
    guard allowed.contains(flag), index + 1 < arguments.count else { fail("usage: \(usage)") }
    values[String(flag.dropFirst(2))] = arguments[index + 1]
    index += 2
  }
  return values
}

func databaseURL(_ options: [String: String]) -> String? {
  guard let url = options["database"] ?? environment["ATRIUM_DATABASE_URL"], !url.isEmpty else { return nil }
  guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else {
    fail("--database must be a postgres:// or postgresql:// address")
  }
  return url
}

/// The company directory from `ATRIUM_LDAP_*`, or nil; a bad setting stops the program.
/// A listening address as a URL's host: an IPv6 address goes in brackets.
func urlHost(_ address: String) -> String {
  address.contains(":") ? "[\(address)]" : address
}

func directoryConfiguration() -> DirectoryConfiguration? {
  do {
    return try DirectoryConfiguration.from(environment: environment)
  } catch {
    fail("\(error)")
  }
}

func runDirectorySync(_ arguments: [String]) {
  guard arguments.first == "sync" else { fail("usage: atrium ldap sync [--data DIR]") }
  var dataPath = environment["ATRIUM_DATA"] ?? "./atrium-data"
  var index = 1
  while index < arguments.count {
    guard arguments[index] == "--data", index + 1 < arguments.count else {
      fail("unknown option \(arguments[index])")
    }
    dataPath = arguments[index + 1]
    index += 2
  }
  guard let configuration = directoryConfiguration() else {
    fail("no company directory is configured: set ATRIUM_LDAP_URL and the other ATRIUM_LDAP_* variables")
  }
  do {
    let directory = try DataDirectory(path: dataPath)
    let database = try directory.openDatabase(url: databaseURL([:]))
    var serverEnvironment = ServerEnvironment(database: database, signingKey: try directory.signingKey(for: database))
    serverEnvironment.filesDirectory = environment["ATRIUM_FILES"] ?? directory.filesPath
    serverEnvironment.directory = configuration
    let app = try AtriumApp(environment: serverEnvironment)
    guard let report = app.syncDirectory() else { fail("no company directory is configured") }
    print(DirectorySyncText.line(report))
    if report.error != nil { exit(1) }
  } catch {
    fail("\(error)")
  }
}
