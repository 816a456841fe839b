/// What the admin page on mail and notifications says.
public enum OutboxText: CatalogueMessage, Hashable {
  case mailOn(transport: String, from: String)
  case mailOff
  case counts(pending: Int, sent: Int, dead: Int)
  /// An outbox row's status: `pending`, `sent` or `dead`.
  case status(String)
  case attempts(Int)
  /// - Parameter at: the instant as the reader writes it.
  case nextTry(at: String)
  case nothingSent
  case latest
  case demoMails
  case noDemoMails

  public var id: String { "outbox." + caseName }

  public func text(in language: Language) -> String {
    let es = language == .es
    switch self {
    case .mailOn(let transport, let from):
      return es ? "El correo está activado: \(transport), desde \(from)." : "Mail is on: \(transport), from \(from)."
    case .mailOff:
      return es
        ? "El correo está desactivado: no hay un servidor SMTP configurado (ATRIUM_SMTP_URL, ver el README). No se pone nada en cola para el correo."
        : "Mail is off: no SMTP server is set up (ATRIUM_SMTP_URL, see the README). Nothing is queued for mail."
    case .counts(let pending, let sent, let dead):
      return es
        ? "En espera: \(pending) · Enviados: \(sent) · Abandonados: \(dead)"
        : "Waiting: \(pending) · Sent: \(sent) · Given up: \(dead)"
    case .status(let status):
      switch status {
      case "pending": return es ? "En espera" : "Waiting"
      case "sent": return es ? "Enviado" : "Sent"
      case "skipped": return es ? "Nada que enviar" : "Nothing to send"
      default: return es ? "Abandonado" : "Given up"
      }
    case .attempts(let count):
      return es ? (count == 1 ? "1 intento" : "\(count) intentos") : (count == 1 ? "1 attempt" : "\(count) attempts")
    case .nextTry(let at): return es ? "siguiente intento: \(at)" : "next try: \(at)"
    case .nothingSent: return es ? "Aún no se ha enviado nada." : "Nothing has been sent yet."
    case .latest: return es ? "Últimos avisos" : "Latest notifications"
    case .demoMails:
      return es
        ? "Correos de la demo (escritos en la carpeta outbox-mail de los datos, sin enviarse)"
        : "The demo's mails (written to the data folder's outbox-mail, not sent)"
    case .noDemoMails: return es ? "La demo aún no ha escrito ningún correo." : "The demo has written no mail yet."
    }
  }

  public static var examples: [OutboxText] {
    [
      .mailOn(transport: "SMTP smtp://mail.example.com:587", from: "Atrium <atrium@example.com>"), .mailOff,
      .counts(pending: 2, sent: 10, dead: 1), .status("pending"), .status("sent"), .status("dead"), .status("skipped"),
      .attempts(1),
      .attempts(3), .nextTry(at: "2 Dec 2026, 08:00"), .nothingSent, .latest, .demoMails, .noDemoMails,
    ]
  }
}
