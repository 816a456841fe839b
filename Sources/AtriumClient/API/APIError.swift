import AtriumAPI
import AtriumMessages

/// Every way a call can fail, as DESIGN.md lists them, each with a message for people in
/// English and Spanish.
public enum APIError: Error, Hashable, Sendable {
  case badRequest(Problem)
  case unauthorized
  case forbidden
  case notFound
  case conflict(Problem)
  case payloadTooLarge
  case unsupportedMediaType
  case unprocessable(Problem)
  case rateLimited(retryAfter: Int?)
  case server(status: Int)
  case unknownStatus(Int)
  case offline
  case timeout
  case decoding(String)
  /// Offline, and the write could not be kept on this device to send later.
  case notKept(String)

  /// The error for a response that is not a success.
  public static func from(status: Int, problem: Problem?, retryAfter: Int?) -> APIError {
    let problem = problem ?? Problem(status: status, detail: "")
    switch status {
    case 400: return .badRequest(problem)
    case 401: return .unauthorized
    case 403: return .forbidden
    case 404: return .notFound
    case 409: return .conflict(problem)
    case 413: return .payloadTooLarge
    case 415: return .unsupportedMediaType
    case 422: return .unprocessable(problem)
    case 429: return .rateLimited(retryAfter: retryAfter ?? problem.retryAfter)
    case 500...599: return .server(status: status)
    default: return .unknownStatus(status)
    }
  }

  /// What to tell the person. The server's own explanation is used where it has one (a
  /// validation error, a conflict, a rule), since it names what went wrong.
  public func message(in language: ClientLanguage) -> String {
    let spanish = language == .es
    switch self {
    case .badRequest(let problem), .conflict(let problem), .unprocessable(let problem):
      if let detail = problem.detail, !detail.isEmpty { return detail }
      return spanish ? "La solicitud no es válida." : "The request is not valid."
    case .unauthorized:
      return spanish ? "Tu sesión ha terminado; vuelve a entrar." : "Your session has ended; sign in again."
    case .forbidden: return spanish ? "No tienes permiso para hacer esto." : "You are not allowed to do this."
    case .notFound: return spanish ? "No se ha encontrado." : "It could not be found."
    case .payloadTooLarge: return spanish ? "Es demasiado grande." : "It is too large."
    case .unsupportedMediaType:
      return spanish ? "Este tipo de archivo no se admite." : "This kind of file is not accepted."
    case .rateLimited(let seconds):
      let wait = seconds.map { spanish ? " Espera \($0) s." : " Wait \($0) s." } ?? ""
      return (spanish ? "Demasiados intentos." : "Too many attempts.") + wait
    case .server:
      return spanish ? "El servidor ha fallado; inténtalo más tarde." : "The server failed; try again later."
    case .unknownStatus(let status):
      return spanish
        ? "Respuesta inesperada del servidor (\(status))." : "Unexpected answer from the server (\(status))."
    case .offline: return spanish ? "Sin conexión." : "You are offline."
    case .timeout: return spanish ? "El servidor no responde." : "The server does not answer."
    case .decoding:
      return spanish ? "La respuesta del servidor no se entiende." : "The server's answer could not be read."
    case .notKept:
      return spanish
        ? "Sin conexión, y el cambio no se ha podido guardar en este dispositivo para enviarlo luego."
        : "You are offline, and the change could not be kept on this device to send later."
    }
  }
}

/// The languages the SDK speaks: the catalogue's.
public typealias ClientLanguage = Language
