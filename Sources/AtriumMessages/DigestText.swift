/// What the daily digest mail says.
public enum DigestText: CatalogueMessage, Hashable {
  /// The subject: what the digest holds, its parts' headings joined.
  case subject(parts: [String])
  case requestsWaiting(Int)
  case newCompanyNotices(Int)
  /// Below the first lines of a long part.
  case andMore(Int)
  /// Why the reader gets it.
  case reason

  public var id: String { "digest." + caseName }

  public func text(in language: Language) -> String {
    let es = language == .es
    switch self {
    case .subject(let parts):
      return (es ? "Tu resumen de Atrium: " : "Your Atrium digest: ") + parts.joined(separator: "; ")
    case .requestsWaiting(let count):
      if count == 1 { return es ? "1 solicitud espera tu decisión" : "1 request waits for your decision" }
      return es ? "\(count) solicitudes esperan tu decisión" : "\(count) requests wait for your decision"
    case .newCompanyNotices(let count):
      if count == 1 { return es ? "1 aviso nuevo de la empresa" : "1 new company notice" }
      return es ? "\(count) avisos nuevos de la empresa" : "\(count) new company notices"
    case .andMore(let count): return es ? "… y \(count) más" : "… and \(count) more"
    case .reason:
      return es
        ? "Recibes este resumen cada mañana a las 08:00 porque lo elegiste en tus avisos de Atrium."
        : "You get this digest every morning at 08:00 because you chose it in your Atrium notifications."
    }
  }

  public static var examples: [DigestText] {
    [
      .subject(parts: ["3 requests wait for your decision", "1 new company notice"]), .requestsWaiting(1),
      .requestsWaiting(3), .newCompanyNotices(1), .newCompanyNotices(2), .andMore(4), .reason,
    ]
  }
}
