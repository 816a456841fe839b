/// A problem's `title`: the same for every occurrence of a kind of problem, named by its
/// `type` when it has one, else by its status.
public struct ProblemTitle: CatalogueMessage {
  public let status: Int
  /// The problem's `type` (`/problems/validation`), or `about:blank`.
  public let type: String

  public init(status: Int, type: String = "about:blank") {
    self.status = status
    self.type = type
  }

  public var id: String { type == "about:blank" ? "title.\(status)" : "title.\(type.split(separator: "/").last ?? "")" }

  public func text(in language: Language) -> String {
    let (en, es) = words
    return language == .es ? es : en
  }

  private var words: (String, String) {
    switch type {
    case "/problems/validation": return ("Invalid input", "Datos no válidos")
    case "/problems/password-change-required": return ("Password change required", "Hay que cambiar la contraseña")
    case "/problems/rate-limited": return ("Too many attempts", "Demasiados intentos")
    case "/problems/directory-unavailable": return ("Directory unavailable", "Directorio no disponible")
    default: break
    }
    switch status {
    case 400: return ("Bad Request", "Petición incorrecta")
    case 401: return ("Unauthorized", "Sin autenticar")
    case 403: return ("Forbidden", "Prohibido")
    case 404: return ("Not Found", "No encontrado")
    case 405: return ("Method Not Allowed", "Método no permitido")
    case 409: return ("Conflict", "Conflicto")
    case 410: return ("Gone", "Ya no está disponible")
    case 412: return ("Precondition Failed", "Condición previa no cumplida")
    case 413: return ("Content Too Large", "Contenido demasiado grande")
    case 415: return ("Unsupported Media Type", "Tipo de contenido no admitido")
    case 422: return ("Unprocessable Content", "Contenido no procesable")
    case 428: return ("Precondition Required", "Falta una condición previa")
    case 429: return ("Too Many Requests", "Demasiadas peticiones")
    case 500: return ("Internal Server Error", "Error interno del servidor")
    case 501: return ("Not Implemented", "No implementado")
    case 503: return ("Service Unavailable", "Servicio no disponible")
    default: return ("HTTP \(status)", "HTTP \(status) (error)")
    }
  }

  public static var examples: [ProblemTitle] {
    [400, 401, 403, 404, 405, 409, 410, 412, 413, 415, 422, 428, 429, 500, 501, 503].map { ProblemTitle(status: $0) }
      + [
        "/problems/validation", "/problems/password-change-required", "/problems/rate-limited",
        "/problems/directory-unavailable",
      ].map { ProblemTitle(status: 400, type: $0) }
  }
}
