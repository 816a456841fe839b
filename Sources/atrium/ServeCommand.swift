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

/// `atrium serve`: reads its options (flags, then `ATRIUM_*` variables, then defaults), opens
/// the data folder and the database, starts the server and its background jobs, and stops
/// them on SIGINT or SIGTERM.

/// Held for the server's lifetime: one server per data folder, and no restore under it.
nonisolated(unsafe) var folderLock: DataDirectory.Lock?

func runServe(_ arguments: [String]) {
  returnLargeAllocationsToTheSystem()
  var options: [String: String] = [:]
  var isDemo = environment["ATRIUM_DEMO"] == "1"
  var trustsProxy = environment["ATRIUM_TRUST_PROXY"] == "1"
  var index = 0
  while index < arguments.count {
    let flag = arguments[index]
    switch flag {
    case "--demo":
      isDemo = true
    case "--trust-proxy":
      trustsProxy = true
    case "--data", "--host", "--port", "--threads", "--workers", "--writers", "--timeout", "--public-url",
      "--durability",
      "--feed-interval", "--max-connections", "--connections-per-address", "--feed-allowed-hosts", "--database",
      "--files", "--mqtt",
      "--mqtt-admin", "--mqtt-ca", "--mqtt-public":
      guard index + 1 < arguments.count else { fail("\(flag) needs a value") }
      options[String(flag.dropFirst(2))] = arguments[index + 1]
      index += 1
    default:
      fail("unknown option \(flag)\n\n\(usage)")
    }
    index += 1
  }
  func value(_ name: String, _ variable: String, _ fallback: String) -> String {
    options[name] ?? environment[variable] ?? fallback
  }
  func number(_ name: String, _ variable: String, _ fallback: Int, _ range: ClosedRange<Int>) -> Int {
    let text = value(name, variable, String(fallback))
    guard let number = Int(text), range.contains(number) else {
      fail("--\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), got \(text)")
    }
    return number
  }
  let dataPath = value("data", "ATRIUM_DATA", "./atrium-data")
  var configuration = HTTPServer.Configuration()
  configuration.host = value("host", "ATRIUM_HOST", "127.0.0.1")
  configuration.port = number("port", "ATRIUM_PORT", 8080, 0...65535)
  let cores = ProcessInfo.processInfo.activeProcessorCount
  configuration.threadCount = number(
    "threads", "ATRIUM_THREADS", databaseURL(options) == nil ? cores : 4 * cores, 1...256)
  configuration.workerCount = number("workers", "ATRIUM_WORKERS", 4, 1...256)
  configuration.writerCount = number("writers", "ATRIUM_WRITERS", 16, 1...256)
  configuration.connectionTimeoutSeconds = number("timeout", "ATRIUM_TIMEOUT", 30, 1...3600)
  configuration.connectionLimit = number(
    "max-connections", "ATRIUM_MAX_CONNECTIONS", configuration.connectionLimit, 16...1_000_000)
  // A connection for each thread that may hold one at once, and a few for background jobs.
  let databaseConnections = configuration.threadCount + configuration.workerCount + configuration.writerCount + 4
  fitConnectionsToOpenFileLimit(&configuration, beside: databaseConnections)
  configuration.connectionLimitPerAddress = number(
    "connections-per-address", "ATRIUM_CONNECTIONS_PER_ADDRESS", 0, 0...configuration.connectionLimit)

  let feedInterval = number("feed-interval", "ATRIUM_FEED_INTERVAL", 900, 60...86_400)

  let publicURL = options["public-url"] ?? environment["ATRIUM_PUBLIC_URL"]
  if let publicURL, !(publicURL.hasPrefix("http://") || publicURL.hasPrefix("https://")) || publicURL.contains(" ") {
    fail("--public-url must be an http:// or https:// address, got \(publicURL)")
  }
  let server: HTTPServer
  let app: AtriumApp
  do {
    let directory = try DataDirectory(path: dataPath)
    folderLock = try directory.lock()
    let durabilityName = value("durability", "ATRIUM_DURABILITY", "full")
    guard let durability = SQLiteDatabase.Durability(rawValue: durabilityName) else {
      fail("--durability must be full or normal, got \(durabilityName)")
    }
    let database = try directory.openDatabase(
      url: databaseURL(options), durability: durability, connections: databaseConnections)
    var serverEnvironment = ServerEnvironment(
      database: database, signingKey: try directory.signingKey(for: database), trustsForwardedFor: trustsProxy,
      publicURL: publicURL)
    serverEnvironment.filesDirectory = value("files", "ATRIUM_FILES", directory.filesPath)
    serverEnvironment.feedInterval = TimeInterval(feedInterval)
    let allowedHosts = options["feed-allowed-hosts"] ?? environment["ATRIUM_FEED_ALLOWED_HOSTS"] ?? ""
    serverEnvironment.feedAddressPolicy = FeedAddressPolicy(
      allowedHosts: Set(
        allowedHosts.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }))
    serverEnvironment.directory = directoryConfiguration()
    serverEnvironment.mail = try MailSettings.from(
      environment: environment, demoFolder: isDemo ? directory.mailFolderPath : nil,
      publicURL: publicURL ?? (isDemo ? "http://\(urlHost(configuration.host)):\(configuration.port)" : nil))
    serverEnvironment.push = try PushSettings.from(
      environment: environment, mailFrom: serverEnvironment.mail?.from.address, publicURL: publicURL)
    if let url = options["mqtt"] ?? environment["ATRIUM_MQTT_URL"], !url.isEmpty {
      guard let admin = options["mqtt-admin"] ?? environment["ATRIUM_MQTT_ADMIN"] else {
        fail("--mqtt needs --mqtt-admin USER:PASSWORD (or ATRIUM_MQTT_ADMIN), an admin account of the broker")
      }
      serverEnvironment.sensors = try SensorSettings(
        url: url, admin: admin, caFile: options["mqtt-ca"] ?? environment["ATRIUM_MQTT_CA_FILE"],
        clientID: try directory.mqttClientID(), isShared: databaseURL(options) != nil,
        publicURL: options["mqtt-public"] ?? environment["ATRIUM_MQTT_PUBLIC_URL"])
    }
    if isDemo {
      let now = serverEnvironment.now()
      let created = try DemoCompany.seed(
        into: database, hasher: serverEnvironment.passwordHasher, makeID: serverEnvironment.makeID,
        sampleLeaveAround: DemoCompany.today(in: "Europe/Madrid", at: now),
        at: Int64(now.timeIntervalSince1970 * 1000))
      let place = (database as? PostgresDatabase).map { "the database at \($0.address)" } ?? dataPath
      print(
        created
          ? "Created the demo company in \(place)."
          : "\(place) already holds data; the demo company was not created.")
    }
    app = try AtriumApp(environment: serverEnvironment)
    app.sensorBroker?.start()
    if isDemo, let broker = app.sensorBroker {
      // The demo's sensors, registered at the broker once it answers.
      do {
        if broker.waitUntilConnected(),
          try DemoSensors.seed(into: app, credentialsFile: dataPath + "/demo-sensors.json")
        {
          print("Registered the demo's sensors; their credentials are in \(dataPath)/demo-sensors.json.")
        }
      } catch {
        print("The demo's sensors were not registered: \(error)")
      }
    }
    // Requests cut off by a crash left their Idempotency-Keys claimed: let their retries run.
    try app.releaseUnfinishedRequests()
    server = HTTPServer(configuration: configuration, responder: app)
    try server.start()
  } catch {
    fail("\(error)")
  }

  let host = urlHost(configuration.host)
  print("Atrium is running at http://\(host):\(server.port)  (Ctrl-C stops it)")
  if isDemo {
    print("Demo accounts, password \"\(DemoCompany.password)\":")
    for account in DemoCompany.accounts { print("  \(account.username) (\(account.role.rawValue))") }
  }
  fflush(nil)

  let jobs = BackgroundJobs(
    app.backgroundJobs { line in
      print(line)
      fflush(nil)
    }, claim: app.claim)
  jobs.start()

  // Stop on SIGINT or SIGTERM: finish requests in flight, then exit.
  StopSignal.wait()
  print("Stopping: finishing requests in flight...")
  fflush(nil)
  jobs.stop()
  app.sensorBroker?.stop()
  server.stop(gracePeriod: .seconds(10))
  print("Stopped.")
}
