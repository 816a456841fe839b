import AtriumMail

/// How this installation sends mail, set at the composition root: an SMTP server, or under
/// `--demo` without one the demo's mail folder. Without it (`ServerEnvironment.mail` nil), mail
/// is off: nothing is queued for mail and the admin Status page says so.
public struct MailSettings: Sendable {
  public var transport: any MailTransport
  /// The From address, and the envelope sender.
  public var from: MailAddress
  /// The address people reach Atrium at, which every link in a mail starts with.
  public var publicURL: String
  /// For people: where mail goes ("SMTP smtp://mail.example.com:587", "the mail folder …").
  public var summary: String
  /// The longest one delivery may take, in seconds: a sender's claim on a row outlasts it.
  public var attemptSeconds: Int

  public init(transport: any MailTransport, from: MailAddress, publicURL: String, summary: String, attemptSeconds: Int)
  {
    self.transport = transport
    self.from = from
    self.publicURL = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
    self.summary = summary
    self.attemptSeconds = attemptSeconds
  }

  /// The domain of the From address, which message ids end with.
  var domain: String {
    from.address.split(separator: "@").last.map(String.init) ?? "atrium.invalid"
  }
}
