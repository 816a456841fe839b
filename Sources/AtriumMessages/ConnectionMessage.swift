/// What the apps and the command line tell a person when a call fails and the server gave no
/// explanation of its own (offline, a timeout, a status without details).
public enum ConnectionMessage: CatalogueMessage, Hashable {
  case invalidRequest
  case sessionEnded
  case notAllowed
  case notFound
  case tooLarge
  case unsupportedFile
  case tooManyAttempts(waitSeconds: Int?)
  case serverFailed
  case unexpectedAnswer(status: Int)
  case offline
  case noAnswer
  case unreadableAnswer
  case notKept
  /// A write that waited offline until it no longer held (a check-in whose position is stale).
  case expiredOffline
  /// A change made from a version that is no longer current.
  case changedMeanwhile

  public var id: String { "connection." + caseName }

  public func text(in language: Language) -> String {
    let es = language == .es
    switch self {
    case .invalidRequest: return es ? "La solicitud no es válida." : "The request is not valid."
    case .sessionEnded:
      return es ? "Tu sesión ha terminado; vuelve a entrar." : "Your session has ended; sign in again."
    case .notAllowed: return es ? "No tienes permiso para hacer esto." : "You are not allowed to do this."
    case .notFound: return es ? "No se ha encontrado." : "It could not be found."
    case .tooLarge: return es ? "Es demasiado grande." : "It is too large."
    case .unsupportedFile: return es ? "Este tipo de archivo no se admite." : "This kind of file is not accepted."
    case .tooManyAttempts(let seconds):
      let wait = seconds.map { es ? " Espera \($0) s." : " Wait \($0) s." } ?? ""
      return (es ? "Demasiados intentos." : "Too many attempts.") + wait
    case .serverFailed:
      return es ? "El servidor ha fallado; inténtalo más tarde." : "The server failed; try again later."
    case .unexpectedAnswer(let status):
      return es ? "Respuesta inesperada del servidor (\(status))." : "Unexpected answer from the server (\(status))."
    case .offline: return es ? "Sin conexión." : "You are offline."
    case .noAnswer: return es ? "El servidor no responde." : "The server does not answer."
    case .unreadableAnswer:
      return es ? "La respuesta del servidor no se entiende." : "The server's answer could not be read."
    case .notKept:
      return es
        ? "Sin conexión, y el cambio no se ha podido guardar en este dispositivo para enviarlo luego."
        : "You are offline, and the change could not be kept on this device to send later."
    case .expiredOffline:
      return es
        ? "Esperó sin conexión demasiado tiempo y ya no vale: no se ha enviado. Vuelve a fichar donde estés."
        : "It waited offline too long and no longer holds, so it was not sent. Check in again where you are."
    case .changedMeanwhile:
      return es
        ? "Cambió mientras tanto: mira cómo está ahora y vuelve a intentarlo."
        : "It changed meanwhile: see it as it is now and try again."
    }
  }

  public static var examples: [ConnectionMessage] {
    [
      .invalidRequest, .sessionEnded, .notAllowed, .notFound, .tooLarge, .unsupportedFile,
      .tooManyAttempts(waitSeconds: 30), .tooManyAttempts(waitSeconds: nil), .serverFailed,
      .unexpectedAnswer(status: 418), .offline, .noAnswer, .unreadableAnswer, .notKept,
      .expiredOffline, .changedMeanwhile,
    ]
  }
}
