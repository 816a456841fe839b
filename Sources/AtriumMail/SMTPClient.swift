import AtriumCurl
import CCurl
import Foundation

/// How Atrium reaches its SMTP server (`ATRIUM_SMTP_*`).
public struct SMTPSettings: Sendable, Hashable {
  /// How the connection is protected when the URL is `smtp://`. An `smtps://` URL is TLS from
  /// its first byte whatever this says.
  public enum Security: String, Sendable, Hashable {
    /// STARTTLS, and no mail is sent when the server does not offer it (the default).
    case startTLS = "starttls"
    /// STARTTLS when offered, plain text otherwise.
    case startTLSWhenOffered = "starttls-when-offered"
    /// Plain text: only for a relay on the same machine or a test.
    case none
  }

  /// `smtp://host:port` or `smtps://host:port`.
  public var url: String
  public var security: Security
  public var username: String?
  public var password: String?
  /// A PEM file of the certificate authorities to trust instead of the system's.
  public var caFile: String?
  public var connectTimeoutSeconds: Int
  /// For the whole exchange of one mail.
  public var timeoutSeconds: Int

  public init(
    url: String, security: Security = .startTLS, username: String? = nil, password: String? = nil,
    caFile: String? = nil, connectTimeoutSeconds: Int = 10, timeoutSeconds: Int = 60
  ) {
    self.url = url
    self.security = security
    self.username = username
    self.password = password
    self.caFile = caFile
    self.connectTimeoutSeconds = connectTimeoutSeconds
    self.timeoutSeconds = timeoutSeconds
  }

  /// Why `url` cannot be used, or nil when it can.
  public static func problem(withURL url: String) -> String? {
    guard url.hasPrefix("smtp://") || url.hasPrefix("smtps://") else {
      return "the SMTP URL must start with smtp:// or smtps://, got \(url)"
    }
    guard let host = URLComponents(string: url)?.host, !host.isEmpty else {
      return "the SMTP URL names no server: \(url)"
    }
    return nil
  }
}

/// Sends mail to one SMTP server through libcurl, one connection per mail. A reply is judged
/// by its SMTP code (4xx try again, 5xx never), not by curl's error alone.
public struct SMTPClient: MailTransport {
  public let settings: SMTPSettings

  public init(settings: SMTPSettings) {
    self.settings = settings
  }

  public func send(_ mail: OutgoingMail) -> MailDelivery {
    guard let transfer = CurlTransfer() else { return .temporaryFailure("libcurl could not make a handle") }
    transfer.set(CURLOPT_URL, Self.target(settings.url, sender: mail.sender))
    transfer.set(CURLOPT_USE_SSL, settings.securityOption)
    transfer.set(CURLOPT_CONNECTTIMEOUT, settings.connectTimeoutSeconds)
    transfer.set(CURLOPT_TIMEOUT, settings.timeoutSeconds)
    transfer.set(CURLOPT_PROTOCOLS_STR, "smtp,smtps")
    if let caFile = settings.caFile { transfer.set(CURLOPT_CAINFO, caFile) }
    if let username = settings.username { transfer.set(CURLOPT_USERNAME, username) }
    if let password = settings.password { transfer.set(CURLOPT_PASSWORD, password) }
    transfer.set(CURLOPT_MAIL_FROM, "<\(mail.sender)>")
    transfer.set(CURLOPT_MAIL_RCPT, list: ["<\(mail.recipient)>"])
    transfer.set(CURLOPT_UPLOAD, 1)
    transfer.upload(Array(mail.message.utf8))
    let outcome = transfer.perform()
    if outcome.succeeded { return .delivered }
    let reply = transfer.responseCode
    let described = reply > 0 ? "\(outcome.detail) (reply \(reply))" : outcome.detail
    return Self.judge(curlCode: outcome.code, reply: reply, detail: described)
  }

  /// The URL libcurl is given: its path is the name the client greets the server with (EHLO),
  /// the sender's domain unless the URL names one (libcurl's default, `localhost`, is refused
  /// by some servers).
  static func target(_ url: String, sender: String) -> String {
    guard let components = URLComponents(string: url), components.path.isEmpty || components.path == "/",
      let domain = sender.split(separator: "@").last, !domain.isEmpty
    else { return url }
    return (url.hasSuffix("/") ? url : url + "/") + domain
  }

  /// 5xx replies are final, except a refused sign-in, which is the server's setting and not the
  /// mail's; everything else (4xx, no reply: unreachable, timed out, TLS) is tried again.
  static func judge(curlCode: CURLcode, reply: Int, detail: String) -> MailDelivery {
    if curlCode == CURLE_LOGIN_DENIED { return .temporaryFailure(detail) }
    if (500...599).contains(reply) { return .permanentFailure(detail) }
    return .temporaryFailure(detail)
  }
}

extension SMTPSettings {
  fileprivate var securityOption: Int {
    switch security {
    case .startTLS: Int(CURLUSESSL_ALL.rawValue)
    case .startTLSWhenOffered: Int(CURLUSESSL_TRY.rawValue)
    case .none: Int(CURLUSESSL_NONE.rawValue)
    }
  }
}
