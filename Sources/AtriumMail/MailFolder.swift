import Foundation

/// The demo's mail server: each mail becomes a `.eml` file in one folder (the raw message, as
/// it would have been sent), named after its time and id so the newest sorts last and a mail
/// sent again replaces its own file.
public struct MailFolder: MailTransport {
  public let path: String

  public init(path: String) {
    self.path = path
  }

  public func send(_ mail: OutgoingMail) -> MailDelivery {
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      let name = Self.fileName(for: mail.messageID)
      try Data(mail.message.utf8).write(to: URL(fileURLWithPath: path).appendingPathComponent(name), options: .atomic)
      return .delivered
    } catch {
      return .temporaryFailure("cannot write to \(path): \(error.localizedDescription)")
    }
  }

  /// The file name for a message id: only letters, digits, dots and dashes survive.
  public static func fileName(for messageID: String) -> String {
    let safe = messageID.unicodeScalars.map { scalar -> Character in
      CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || scalar == "." || scalar == "-"
        ? Character(scalar) : "_"
    }
    return String(safe) + ".eml"
  }

  /// The mails in the folder, newest first: (file name, raw message).
  public func messages(limit: Int = 100) -> [(name: String, message: String)] {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".eml") }
    let dated = names.compactMap { name -> (String, Date)? in
      let attributes = try? FileManager.default.attributesOfItem(
        atPath: (path as NSString).appendingPathComponent(name))
      return (attributes?[.modificationDate] as? Date).map { (name, $0) }
    }
    return dated.sorted { $0.1 > $1.1 }.prefix(limit).compactMap { name, _ in
      (try? String(contentsOfFile: (path as NSString).appendingPathComponent(name), encoding: .utf8)).map { (name, $0) }
    }
  }
}
