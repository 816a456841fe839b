import AtriumClient
import AtriumMessages
import Foundation

extension ClientCommands {
  /// The repositories of the signed-in commands, over one cache file.
  struct Repositories {
    let leave: LiveLeaveRepository
    let approvals: LiveApprovalsRepository
    let board: LiveBoardRepository
    let people: LivePeopleRepository
    let company: LiveCompanyRepository
    let presence: LivePresenceRepository
    let tasks: LiveTaskRepository
    let sensors: LiveSensorsRepository

    let language: ClientLanguage

    init(session: ClientSession, cache: ClientCache, language: ClientLanguage) {
      self.language = language
      leave = LiveLeaveRepository(session: session, cache: cache, language: language)
      approvals = LiveApprovalsRepository(session: session, cache: cache, language: language)
      board = LiveBoardRepository(session: session, cache: cache, language: language)
      people = LivePeopleRepository(session: session, cache: cache)
      company = LiveCompanyRepository(session: session, cache: cache)
      presence = LivePresenceRepository(session: session, cache: cache, language: language)
      tasks = LiveTaskRepository(session: session, cache: cache, language: language)
      sensors = LiveSensorsRepository(session: session, cache: cache)
    }

    /// Sends what was saved offline, oldest first, and says what the server refused; returns
    /// how many it refused.
    func replay() async -> Int {
      let results =
        await leave.replayOutbox() + approvals.replayOutbox() + board.replayOutbox() + presence.replayOutbox()
      let sent = results.filter { $0.refusal == nil }.count
      if sent > 0 {
        FileHandle.standardError.write(Data((CommandLineText.sentSavedChanges(sent).text(in: language) + "\n").utf8))
      }
      let refusals = results.compactMap(\.refusal)
      for refusal in refusals {
        FileHandle.standardError.write(
          Data((CommandLineText.notSentSavedChange(refusal).text(in: language) + "\n").utf8))
      }
      return refusals.count
    }
  }
}

/// Flags (`--name value`, `--flag`) and positional words.
struct Options {
  var positional: [String] = []
  private var values: [String: String] = [:]
  private var flags: Set<String> = []
  private static let booleans: Set<String> = ["json", "yes", "unread", "password-stdin", "once", "new-passwords"]

  init(_ arguments: [String]) {
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument.hasPrefix("--") {
        let name = String(argument.dropFirst(2))
        if Self.booleans.contains(name) {
          flags.insert(name)
        } else if index + 1 < arguments.count {
          values[name] = arguments[index + 1]
          index += 1
        }
      } else {
        positional.append(argument)
      }
      index += 1
    }
  }

  func value(_ name: String) -> String? { values[name] }
  func flag(_ name: String) -> Bool { flags.contains(name) }
}
