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
    _ = Self.initialized
  }

  /// `curl_global_init` is not thread-safe: once, before any handle.
  private static let initialized: Bool = atrium_curl_global_init() == CURLE_OK

  public func send(_ mail: OutgoingMail) -> MailDelivery {
    guard let curl = curl_easy_init() else { return .temporaryFailure("libcurl could not make a handle") }
    defer { curl_easy_cleanup(curl) }
    let recipients = curl_slist_append(nil, "<\(mail.recipient)>")
    defer { curl_slist_free_all(recipients) }
    let body = MailBody(Array(mail.message.utf8))
    var errorText = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)

    let code: CURLcode = errorText.withUnsafeMutableBufferPointer { errorBuffer in
      withExtendedLifetime(body) {
        atrium_curl_set_string(curl, CURLOPT_URL, Self.target(settings.url, sender: mail.sender))
        atrium_curl_set_long(curl, CURLOPT_USE_SSL, settings.securityOption)
        atrium_curl_set_long(curl, CURLOPT_CONNECTTIMEOUT, settings.connectTimeoutSeconds)
        atrium_curl_set_long(curl, CURLOPT_TIMEOUT, settings.timeoutSeconds)
        atrium_curl_set_long(curl, CURLOPT_NOSIGNAL, 1)
        atrium_curl_set_string(curl, CURLOPT_PROTOCOLS_STR, "smtp,smtps")
        if let caFile = settings.caFile { atrium_curl_set_string(curl, CURLOPT_CAINFO, caFile) }
        if let username = settings.username { atrium_curl_set_string(curl, CURLOPT_USERNAME, username) }
        if let password = settings.password { atrium_curl_set_string(curl, CURLOPT_PASSWORD, password) }
        atrium_curl_set_string(curl, CURLOPT_MAIL_FROM, "<\(mail.sender)>")
        atrium_curl_set_list(curl, CURLOPT_MAIL_RCPT, recipients)
        atrium_curl_set_long(curl, CURLOPT_UPLOAD, 1)
        atrium_curl_set_long(curl, CURLOPT_INFILESIZE_LARGE, body.bytes.count)
        atrium_curl_set_callback(curl, CURLOPT_READFUNCTION, MailBody.read)
        atrium_curl_set_pointer(curl, CURLOPT_READDATA, Unmanaged.passUnretained(body).toOpaque())
        atrium_curl_set_pointer(curl, CURLOPT_ERRORBUFFER, errorBuffer.baseAddress)
        return curl_easy_perform(curl)
      }
    }
    if code == CURLE_OK { return .delivered }
    var reply = 0
    atrium_curl_response_code(curl, &reply)
    let written = String(decoding: errorText.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let detail = written.isEmpty ? String(cString: curl_easy_strerror(code)) : written
    let described = reply > 0 ? "\(detail) (reply \(reply))" : detail
    return Self.judge(curlCode: code, reply: reply, detail: described)
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

/// The message's bytes and how far libcurl has read them.
private final class MailBody {
  let bytes: [UInt8]
  var offset = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  static let read: atrium_curl_io_callback = { buffer, size, count, context in
    guard let buffer, let context else { return 0 }
    let body = Unmanaged<MailBody>.fromOpaque(context).takeUnretainedValue()
    let length = min(size * count, body.bytes.count - body.offset)
    guard length > 0 else { return 0 }
    body.bytes.withUnsafeBufferPointer { source in
      UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress! + body.offset, byteCount: length)
    }
    body.offset += length
    return length
  }
}
