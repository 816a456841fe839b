import AtriumDomain
import Foundation

/// A person's notification choices as the `settings.notifications` column keeps them: a JSON
/// object by kind id, each either `{board, mail, push, digest}` or a bare boolean (every
/// channel on or off), which is what the settings held before there were channels (migration
/// 26 writes those).
enum StoredNotificationChoices {
  private struct Channels: Codable {
    var board: Bool?
    var mail: Bool?
    var push: Bool?
    var digest: Bool?
  }

  private enum Stored: Decodable {
    case everyChannel(Bool)
    case channels(Channels)

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let isOn = try? container.decode(Bool.self) {
        self = .everyChannel(isOn)
      } else {
        self = .channels(try container.decode(Channels.self))
      }
    }
  }

  /// What cannot be read counts as never changed: everything on.
  static func decode(_ text: String) -> [String: NotificationChoice] {
    guard let stored = try? JSONDecoder().decode([String: Stored].self, from: Data(text.utf8)) else { return [:] }
    return stored.mapValues { value in
      switch value {
      case .everyChannel(let isOn): NotificationChoice(board: isOn, mail: isOn, push: isOn)
      case .channels(let channels):
        NotificationChoice(
          board: channels.board ?? true, mail: channels.mail ?? true, push: channels.push ?? true,
          digest: channels.digest ?? false)
      }
    }
  }

  static func encode(_ choices: [String: NotificationChoice]) -> String {
    // Every choice made is kept, also one equal to the default: defaults differ by kind.
    let stored = choices.mapValues {
      Channels(board: $0.board, mail: $0.mail, push: $0.push, digest: $0.digest)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return (try? encoder.encode(stored)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }
}
