import AtriumMail
import Foundation

/// A mail setting that cannot work, said in the operator's words.
public struct MailSettingsProblem: Error, CustomStringConvertible {
  public let description: String
}

extension MailSettings {
  /// The demo's From address when none is set.
  public static let demoSender = MailAddress("atrium@atrium-demo.example", name: "Atrium")

  /// Reads `ATRIUM_SMTP_URL` and the other `ATRIUM_SMTP_*` variables, and `ATRIUM_MAIL_FROM`.
  /// - Parameters:
  ///   - demoFolder: Where the demo writes mail when no SMTP server is set; nil outside the demo.
  ///   - publicURL: The address people reach Atrium at, which links in mails need.
  /// - Returns: nil when mail is off (no SMTP server, not the demo).
  public static func from(
    environment: [String: String], demoFolder: String?, publicURL: String?
  ) throws
    -> MailSettings?
  {
    func setting(_ name: String) -> String? {
      environment[name].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
    }
    let from = try setting("ATRIUM_MAIL_FROM").map(parseAddress)
    guard let url = setting("ATRIUM_SMTP_URL") else {
      guard let demoFolder else { return nil }
      return MailSettings(
        transport: MailFolder(path: demoFolder), from: from ?? demoSender,
        publicURL: publicURL ?? "http://127.0.0.1:8080", summary: "the demo's mail folder \(demoFolder)",
        attemptSeconds: 10)
    }
    if let problem = SMTPSettings.problem(withURL: url) { throw MailSettingsProblem(description: problem) }
    guard let from else {
      throw MailSettingsProblem(description: "ATRIUM_SMTP_URL needs ATRIUM_MAIL_FROM, the From address")
    }
    guard let publicURL else {
      throw MailSettingsProblem(
        description: "ATRIUM_SMTP_URL needs --public-url (ATRIUM_PUBLIC_URL): mails link to Atrium")
    }
    let securityName = setting("ATRIUM_SMTP_SECURITY") ?? SMTPSettings.Security.startTLS.rawValue
    guard let security = SMTPSettings.Security(rawValue: securityName) else {
      throw MailSettingsProblem(
        description: "ATRIUM_SMTP_SECURITY must be starttls, starttls-when-offered or none, got \(securityName)")
    }
    let timeoutText = setting("ATRIUM_SMTP_TIMEOUT") ?? "60"
    guard let timeout = Int(timeoutText), (1...600).contains(timeout) else {
      throw MailSettingsProblem(description: "ATRIUM_SMTP_TIMEOUT must be 1 to 600 seconds, got \(timeoutText)")
    }
    if let caFile = setting("ATRIUM_SMTP_CA_FILE"), !FileManager.default.isReadableFile(atPath: caFile) {
      throw MailSettingsProblem(description: "ATRIUM_SMTP_CA_FILE cannot be read: \(caFile)")
    }
    let smtp = SMTPSettings(
      url: url, security: security, username: setting("ATRIUM_SMTP_USER"),
      password: environment["ATRIUM_SMTP_PASSWORD"], caFile: setting("ATRIUM_SMTP_CA_FILE"),
      connectTimeoutSeconds: min(10, timeout), timeoutSeconds: timeout)
    return MailSettings(
      transport: SMTPClient(settings: smtp), from: from, publicURL: publicURL, summary: "SMTP \(url)",
      attemptSeconds: timeout + 10)
  }

  /// `Name <address>` or a bare address.
  static func parseAddress(_ text: String) throws -> MailAddress {
    var address = MailAddress(text)
    if let open = text.lastIndex(of: "<"), text.hasSuffix(">") {
      let name = text[..<open].trimmingCharacters(in: .whitespaces).trimmingCharacters(
        in: CharacterSet(charactersIn: "\""))
      address = MailAddress(
        String(text[text.index(after: open)..<text.index(before: text.endIndex)]), name: name.isEmpty ? nil : name)
    }
    guard address.isDeliverable else {
      throw MailSettingsProblem(description: "ATRIUM_MAIL_FROM is not a mail address: \(text)")
    }
    return address
  }
}
