import AtriumAPI
import AtriumClient
import AtriumDomain
import AtriumMessages
import Foundation

/// Sensors from the command line, through the SDK's view models: `atrium sensors [--building
/// ID] [--kind KIND]`, `atrium sensor ID`, `atrium sensors register NAME --room ROOM --kinds
/// co2,temperature [--building ID] [--floor F] [--interval S] [--credentials FILE]`, `atrium
/// rules [--sensor ID]`, `atrium rule add TEMPLATE --sensor ID|--room ID|--building ID
/// [--threshold N] [--for S] [--cooldown S] [--hysteresis H] [--label TEXT]`, `atrium rule
/// follow|unfollow ID`, and `atrium sensors simulate` (`SensorSimulator`). A sensor or rule
/// may be named by the first characters of its id.
enum ClientSensorCommands {
  typealias Exit = ClientCommands.Exit

  static let commands: Set<String> = ["sensors", "sensor", "rules", "rule"]

  @MainActor
  static func perform(
    _ command: String, _ options: Options, repository: LiveSensorsRepository, language: ClientLanguage, asJSON: Bool
  ) async throws {
    var words = options.positional
    switch (command, words.first) {
    case ("sensors", "simulate"):
      try await SensorSimulator(options: options, repository: repository, language: language).run()
    case ("sensors", "register"):
      words.removeFirst()
      try await register(name: words.joined(separator: " "), options, repository, language, asJSON)
    case ("sensors", _):
      let model = SensorsViewModel(repository: repository, language: language)
      await model.appeared()
      model.filter(
        buildingID: options.value("building"), kind: try options.value("kind").map { try kind($0, language) })
      try report(model.state.error, offline: model.state.isOffline, hasSaved: !model.state.tiles.isEmpty)
      if let note = model.state.savedCopyNote { FileHandle.standardError.write(Data((note + "\n").utf8)) }
      if asJSON {
        let ids = Set(model.state.tiles.map(\.id))
        let list = repository.cachedSensors()?.value
        print(try ClientCommands.json(Page(items: list?.items.filter { ids.contains($0.id) } ?? [], nextCursor: nil)))
        return
      }
      if let empty = model.state.emptyMessage { print(empty) }
      for tile in model.state.tiles { print(line(tile)) }
    case ("sensor", _):
      let id = try await pick(words.first, among: { try await repository.sensors().items.map(\.id) }, language)
      let model = SensorDetailViewModel(sensorID: id, repository: repository, language: language)
      await model.appeared()
      try report(model.state.error, offline: model.state.isOffline, hasSaved: false)
      if asJSON {
        print(try ClientCommands.json(try await ClientCommands.guarded(language) { try await repository.sensor(id) }))
        return
      }
      if let tile = model.state.tile { print(line(tile)) }
      for rule in model.state.rules {
        print(
          "  \(rule.id.prefix(8))  \(rule.label) · \(rule.condition)" + (rule.isFiring ? " · firing" : "")
            + (rule.isFollowed ? " · following" : ""))
      }
      for event in model.state.history { print("  " + event) }
    case ("rules", _):
      let rules = try await ClientCommands.guarded(language) {
        try await repository.rules(sensorID: options.value("sensor"))
      }
      if asJSON {
        print(try ClientCommands.json(Page(items: rules, nextCursor: nil)))
        return
      }
      for rule in rules { print(line(rule)) }
    default:  // rule add | follow | unfollow
      guard !words.isEmpty else { throw Exit(code: 2, message: CommandLineText.usage.text(in: language)) }
      let action = words.removeFirst()
      switch action {
      case "add": try await addRule(template: words.first, options, repository, language, asJSON)
      case "follow", "unfollow":
        let rules = try await ClientCommands.guarded(language) { try await repository.rules(sensorID: nil) }
        let id = try await pick(words.first, among: { rules.map(\.id) }, language, thing: .alertRule)
        try await ClientCommands.guarded(language) { try await repository.follow(rule: id, action == "follow") }
        print((action == "follow" ? SensorAppText.following : .notFollowing).text(in: language))
      default:
        throw Exit(code: 2, message: CommandLineText.usage.text(in: language))
      }
    }
  }

  @MainActor
  private static func register(
    name: String, _ options: Options, _ repository: LiveSensorsRepository, _ language: ClientLanguage, _ asJSON: Bool
  ) async throws {
    guard !name.isEmpty, let room = options.value("room"), let kinds = options.value("kinds") else {
      throw Exit(code: 2, message: CommandLineText.usage.text(in: language))
    }
    let sensor = NewSensor(
      name: name, room: room, buildingId: options.value("building"), floor: options.value("floor"),
      kinds: kinds.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) },
      intervalSec: options.value("interval").flatMap(Int.init))
    // One key for this command's retries: a lost answer makes no second sensor.
    let key = UUID().uuidString
    let registered = try await ClientCommands.guarded(language) {
      try await repository.register(sensor, idempotencyKey: key)
    }
    if let file = options.value("credentials") { try SensorCredentialsFile(path: file).add(registered.mqtt) }
    if asJSON {
      print(try ClientCommands.json(registered))
      return
    }
    let mqtt = registered.mqtt
    print(
      """
      \(registered.sensor.id)  \(registered.sensor.room.name) · \(registered.sensor.name)
      host:     \(mqtt.host)
      port:     \(mqtt.port)\(mqtt.tls ? " (TLS)" : "")
      username: \(mqtt.username)
      password: \(mqtt.password)
      topic:    \(mqtt.topic)
      """)
  }

  @MainActor
  private static func addRule(
    template: String?, _ options: Options, _ repository: LiveSensorsRepository, _ language: ClientLanguage,
    _ asJSON: Bool
  ) async throws {
    let target: RuleEditorViewModel.Target
    if let sensor = options.value("sensor") {
      target = .sensor(try await pick(sensor, among: { try await repository.sensors().items.map(\.id) }, language))
    } else if let room = options.value("room") {
      target = .room(room)
    } else if let building = options.value("building") {
      target = .building(building)
    } else {
      throw Exit(code: 2, message: CommandLineText.usage.text(in: language))
    }
    let editor = RuleEditorViewModel(target: target, repository: repository, language: language)
    await editor.appeared()
    try report(editor.state.error, offline: editor.state.isOffline, hasSaved: false)
    guard let template, editor.state.templates.contains(where: { $0.id == template }) else {
      let offered = editor.state.templates.map(\.id).joined(separator: ", ")
      throw Exit(code: 2, message: "rule add TEMPLATE: \(offered)")
    }
    editor.templateChosen(template)
    // What the editor kept to the template's limits is said as it would be under the field.
    if let text = options.value("threshold") {
      editor.thresholdTyped(text)
      if let note = editor.state.note { FileHandle.standardError.write(Data((note + "\n").utf8)) }
    }
    if let text = options.value("cooldown") {
      editor.cooldownTyped(text)
      if let note = editor.state.note { FileHandle.standardError.write(Data((note + "\n").utf8)) }
    }
    if let text = options.value("for") { editor.durationTyped(text) }
    if let text = options.value("hysteresis") { editor.hysteresisTyped(text) }
    if let text = options.value("label") { editor.labelTyped(text) }
    await editor.saveTapped()
    guard let saved = editor.state.saved else {
      throw Exit(code: editor.state.isOffline ? 5 : 4, message: editor.state.error ?? "")
    }
    if let note = editor.state.note { FileHandle.standardError.write(Data((note + "\n").utf8)) }
    print(asJSON ? try ClientCommands.json(saved) : line(saved))
  }

  // MARK: - Lines

  static func line(_ tile: SensorTile) -> String {
    ([String(tile.id.prefix(8)) + "  " + tile.room + " · " + tile.name] + tile.values.map(\.text)
      + [tile.seen, tile.statusText].compactMap { $0 }).joined(separator: " · ")
  }

  static func line(_ rule: AlertRuleBody) -> String {
    "\(rule.id.prefix(8))  \(rule.label) · \(rule.scope.type) \(rule.scope.name) · "
      + "\(rule.operator.rawValue) \(rule.kind.text(rule.threshold)) for \(rule.forSec) s · cooldown \(rule.cooldownSec) s"
      + (rule.enabled ? "" : " · off") + (rule.firing.isEmpty ? "" : " · firing: \(rule.firing.count)")
      + (rule.subscribed ? " · following" : "")
  }

  // MARK: - Helpers

  private static func kind(_ text: String, _ language: ClientLanguage) throws -> SensorKind {
    guard let kind = SensorKind(rawValue: text) else {
      throw Exit(code: 2, message: CommandLineText.unknownStatus(text).text(in: language))
    }
    return kind
  }

  /// The id that starts with `text` (exactly one).
  @MainActor
  static func pick(
    _ text: String?, among ids: () async throws -> [String], _ language: ClientLanguage, thing: NamedThing = .sensor
  ) async throws -> String {
    guard let text, !text.isEmpty else { throw Exit(code: 2, message: CommandLineText.usage.text(in: language)) }
    let matching = try await ClientCommands.guarded(language) { try await ids() }.filter { $0.hasPrefix(text) }
    guard matching.count == 1, let id = matching.first else {
      throw Exit(code: 4, message: ProblemMessage.admin(.noSuch(thing, id: text)).text(in: language))
    }
    return id
  }

  private static func report(_ error: String?, offline: Bool, hasSaved: Bool) throws {
    guard let error, !hasSaved else { return }
    throw Exit(code: offline ? 5 : 4, message: error)
  }
}
