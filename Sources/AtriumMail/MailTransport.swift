/// What became of one mail handed to a transport.
public enum MailDelivery: Sendable, Equatable {
  case delivered
  /// Worth trying again later: the server was unreachable, busy, or answered 4xx (or the
  /// sign-in to it failed, which an administrator can mend without the mail changing).
  case temporaryFailure(String)
  /// Never worth trying again: the server refused this mail with a 5xx reply (a mailbox
  /// unknown, a message refused).
  case permanentFailure(String)
}

/// A mail ready to leave: the envelope and the message's text.
public struct OutgoingMail: Sendable, Hashable {
  /// The envelope sender (bounces go there).
  public var sender: String
  public var recipient: String
  /// The RFC 5322 message, CRLF line ends (`MailMessage.rendered()`).
  public var message: String
  /// The message's id without angle brackets, which names its file in a mail folder.
  public var messageID: String

  public init(sender: String, recipient: String, message: String, messageID: String) {
    self.sender = sender
    self.recipient = recipient
    self.message = message
    self.messageID = messageID
  }
}

/// Where mail goes: an SMTP server (`SMTPClient`), a folder of `.eml` files for the demo
/// (`MailFolder`), or a double in tests.
public protocol MailTransport: Sendable {
  func send(_ mail: OutgoingMail) -> MailDelivery
}
