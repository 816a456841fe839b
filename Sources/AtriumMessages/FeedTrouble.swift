/// Why a timeline feed could not be read, stored as a short code with the feed and worded when
/// read, in the reader's language (people see it on the home page, admins on the feeds page).
public indirect enum FeedTrouble: CatalogueMessage, Hashable {
  case notAURL
  case onlyHTTP
  case noHost
  case privateNetwork
  case redirect(FeedTrouble)
  case tooLarge(mebibytes: Int)
  /// Every way a server fails to answer, worded alike so open and closed ports look the same.
  case unreachable
  case noNetwork
  case untrustedCertificate
  case downloadFailed
  case noAnswer
  case httpStatus(Int)
  case notWellFormed(line: Int)
  case notAFeed

  public var id: String { "feed." + caseName }

  /// What is stored with the feed: `private-network`, `redirect:private-network`, `http-status:404`.
  public var code: String {
    switch self {
    case .notAURL: "not-a-url"
    case .onlyHTTP: "only-http"
    case .noHost: "no-host"
    case .privateNetwork: "private-network"
    case .redirect(let trouble): "redirect:" + trouble.code
    case .tooLarge(let mebibytes): "too-large:\(mebibytes)"
    case .unreachable: "unreachable"
    case .noNetwork: "no-network"
    case .untrustedCertificate: "untrusted-certificate"
    case .downloadFailed: "download-failed"
    case .noAnswer: "no-answer"
    case .httpStatus(let status): "http-status:\(status)"
    case .notWellFormed(let line): "not-well-formed:\(line)"
    case .notAFeed: "not-a-feed"
    }
  }

  /// The trouble a stored code names; nil for text stored before codes (shown as it is).
  public init?(code: String) {
    let (name, rest) =
      code.firstIndex(of: ":").map { (String(code[..<$0]), String(code[code.index(after: $0)...])) } ?? (code, "")
    switch name {
    case "not-a-url": self = .notAURL
    case "only-http": self = .onlyHTTP
    case "no-host": self = .noHost
    case "private-network": self = .privateNetwork
    case "redirect":
      guard let inner = FeedTrouble(code: rest) else { return nil }
      self = .redirect(inner)
    case "too-large": guard let value = Int(rest) else { return nil }; self = .tooLarge(mebibytes: value)
    case "unreachable": self = .unreachable
    case "no-network": self = .noNetwork
    case "untrusted-certificate": self = .untrustedCertificate
    case "download-failed": self = .downloadFailed
    case "no-answer": self = .noAnswer
    case "http-status": guard let value = Int(rest) else { return nil }; self = .httpStatus(value)
    case "not-well-formed": guard let value = Int(rest) else { return nil }; self = .notWellFormed(line: value)
    case "not-a-feed": self = .notAFeed
    default: return nil
    }
  }

  public func text(in language: Language) -> String {
    let es = language == .es
    switch self {
    case .notAURL: return es ? "la dirección no es una URL" : "the address is not a URL"
    case .onlyHTTP: return es ? "solo se leen direcciones http y https" : "only http and https addresses are fetched"
    case .noHost: return es ? "la dirección no tiene servidor" : "the address has no host"
    case .privateNetwork:
      return es
        ? "la dirección está en una red privada o local (un operador puede permitir el servidor por su nombre)"
        : "the address is on a private or local network (an operator can allow the host by name)"
    case .redirect(let trouble): return (es ? "una redirección: " : "a redirect: ") + trouble.text(in: language)
    case .tooLarge(let mebibytes):
      return es ? "la fuente ocupa más de \(mebibytes) MiB" : "the feed is larger than \(mebibytes) MiB"
    case .unreachable:
      return es
        ? "no se pudo llegar a la fuente (sin respuesta, o la conexión fue rechazada)"
        : "the feed could not be reached (no answer, or the connection was refused)"
    case .noNetwork: return es ? "no hay red" : "no network"
    case .untrustedCertificate:
      return es ? "el certificado del servidor no es de confianza" : "the server's certificate is not trusted"
    case .downloadFailed: return es ? "la descarga falló" : "the download failed"
    case .noAnswer: return es ? "sin respuesta" : "no answer"
    case .httpStatus(let status):
      return es ? "el servidor respondió HTTP \(status)" : "the server answered HTTP \(status)"
    case .notWellFormed(let line):
      return es ? "la fuente no es XML bien formado (línea \(line))" : "the feed is not well-formed XML (line \(line))"
    case .notAFeed:
      return es
        ? "el documento no es una fuente RSS 2.0 ni Atom" : "the document is neither an RSS 2.0 nor an Atom feed"
    }
  }

  public static var examples: [FeedTrouble] {
    [
      .notAURL, .onlyHTTP, .noHost, .privateNetwork, .redirect(.privateNetwork), .tooLarge(mebibytes: 2), .unreachable,
      .noNetwork, .untrustedCertificate, .downloadFailed, .noAnswer, .httpStatus(404), .notWellFormed(line: 3),
      .notAFeed,
    ]
  }
}
