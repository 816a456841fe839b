import AtriumDomain

/// What went wrong this time (a problem's `detail`), in the reader's language.
public enum ProblemMessage: CatalogueMessage, Hashable {
  // Requests that do not reach a section.
  case noEndpoint(path: String)
  case methodNotAllowed(path: String, method: String, allowed: String)
  case databaseBusy
  case databaseUnavailable
  case textWithNulCharacter
  case serverError(requestID: String)
  case csrfTokenMissing
  case passwordChangeRequired
  /// - Parameter action: what was refused, in English (`manage leave types`).
  case onlyAdministrators(action: String)

  // Bodies.
  case emptyBody
  /// - Parameter reason: where the parser stopped (kept in English answers, for developers).
  case notJSON(reason: String)

  // Signing in.
  case signInFirst
  case wrongCredentials
  case tooManyAttempts(seconds: Int)
  case accessTokenExpired
  case accessTokenInvalid
  case sessionEnded
  case refreshTokenReused
  case refreshTokenUnknown
  case sessionExpired
  case accountInactive

  // Idempotency.
  case idempotencyKeyInProgress
  case idempotencyKeyReused

  // Time off.
  case noLeaveRequest(id: String)
  case noLeaveOfPerson(id: String)
  case onlyDecidersDecide
  case onlyTheOwnerMay(action: LeaveAction)
  case onlyDecidersMay(action: LeaveAction)
  case cannotInState(action: LeaveAction, status: LeaveStatus)
  case startedCannotBeCancelled
  case noWorkingDays(LeaveSpan)
  case overlaps(status: LeaveStatus, LeaveSpan)
  case notEnoughDays(year: Int, remaining: HalfDays, asked: HalfDays)

  // People and photos.
  case noPerson(id: String)
  case noDevice(id: String)
  case currentPasswordWrong
  case sendTheImage
  case notAnImage
  case tooManyPixels(width: Int, height: Int, megapixels: Int)
  case damagedImage

  /// The administration's and the less common paths' messages.
  case admin(AdminProblemMessage)
  /// The tasks section's.
  case task(TaskText)
  /// The sensors section's.
  case sensor(SensorText)

  // Sessions and notices.
  case noSession(id: String)
  case noNotice(id: String)

  public var id: String {
    if case .admin(let message) = self { return message.id }
    if case .task(let message) = self { return message.id }
    if case .sensor(let message) = self { return message.id }
    return "problem." + caseName
  }

  public func text(in language: Language) -> String {
    let words = Wording(language)
    let es = language == .es
    switch self {
    case .admin(let message): return message.text(in: language)
    case .task(let message): return message.text(in: language)
    case .sensor(let message): return message.text(in: language)
    case .noEndpoint(let path): return es ? "No hay nada en \(path)." : "There is no endpoint at \(path)."
    case .methodNotAllowed(let path, let method, let allowed):
      return es ? "\(path) no admite \(method); usa \(allowed)." : "\(path) does not accept \(method); use \(allowed)."
    case .databaseBusy:
      return es
        ? "La base de datos está ocupada; inténtalo de nuevo en un momento."
        : "The database is busy; try again in a moment."
    case .textWithNulCharacter:
      return es
        ? "Un texto contiene el carácter nulo (U+0000), que no se puede guardar; quítalo e inténtalo de nuevo."
        : "A text holds the null character (U+0000), which cannot be stored; remove it and try again."
    case .databaseUnavailable:
      return es
        ? "No se puede llegar a la base de datos ahora mismo; inténtalo de nuevo en unos segundos."
        : "The database cannot be reached right now; try again in a few seconds."
    case .serverError(let requestID):
      return es
        ? "Algo ha fallado en el servidor. Indica la solicitud \(requestID) al informar del error."
        : "Something went wrong on the server. Quote request id \(requestID) when reporting it."
    case .csrfTokenMissing:
      return es
        ? "Esta petición necesita el token CSRF de la sesión en la cabecera X-CSRF-Token."
        : "This request needs the session's CSRF token in the X-CSRF-Token header."
    case .passwordChangeRequired:
      return es
        ? "Esta cuenta entró con una contraseña temporal: cámbiala primero (POST /api/v1/me/password)."
        : "This account signed in with a temporary password: change it first (POST /api/v1/me/password)."
    case .onlyAdministrators(let action):
      return es ? "Solo un administrador puede hacerlo." : "Only an administrator may \(action)."
    case .emptyBody:
      return es
        ? "El cuerpo de la petición está vacío; se esperaba un objeto JSON."
        : "The request body is empty; expected a JSON object."
    case .notJSON(let reason):
      return es
        ? "El cuerpo no es JSON válido." : "The body is not valid JSON" + (reason.isEmpty ? "." : ": \(reason).")
    case .signInFirst:
      return es
        ? "Inicia sesión primero: envía Authorization: Bearer <token de acceso>."
        : "Sign in first: send Authorization: Bearer <access token>."
    case .wrongCredentials: return es ? "Usuario o contraseña incorrectos." : "Wrong username or password."
    case .tooManyAttempts(let seconds):
      return es
        ? "Demasiados intentos fallidos. Inténtalo de nuevo dentro de \(seconds) segundos."
        : "Too many failed sign-ins. Try again in \(seconds) seconds."
    case .accessTokenExpired:
      return es
        ? "El token de acceso ha caducado; renuévalo o vuelve a iniciar sesión."
        : "The access token has expired; refresh it or sign in again."
    case .accessTokenInvalid:
      return es
        ? "El token de acceso no es válido; vuelve a iniciar sesión." : "The access token is not valid; sign in again."
    case .sessionEnded:
      return es ? "Esta sesión ha terminado; vuelve a iniciar sesión." : "This session has ended; sign in again."
    case .refreshTokenReused:
      return es
        ? "Este token de renovación ya se había usado, así que la sesión se cerró para proteger la cuenta; vuelve a iniciar sesión."
        : "This refresh token was already used, so the session was ended to protect the account; sign in again."
    case .refreshTokenUnknown:
      return es
        ? "Este token de renovación no es válido; vuelve a iniciar sesión."
        : "This refresh token is not valid; sign in again."
    case .sessionExpired:
      return es
        ? "La sesión caducó tras una larga ausencia; vuelve a iniciar sesión."
        : "This session expired after a long absence; sign in again."
    case .accountInactive: return es ? "Esta cuenta ya no está activa." : "This account is no longer active."
    case .idempotencyKeyInProgress:
      return es
        ? "Una petición con esta Idempotency-Key aún se está procesando; reinténtalo en breve."
        : "A request with this Idempotency-Key is still being processed; retry shortly."
    case .idempotencyKeyReused:
      return es
        ? "Esta Idempotency-Key ya se usó para otra petición."
        : "This Idempotency-Key was already used for a different request."
    case .noLeaveRequest(let id):
      return es ? "No hay ninguna solicitud con el id \(id)." : "No leave request has the id \(id)."
    case .noLeaveOfPerson(let id):
      return es
        ? "No hay ninguna persona con el id \(id) cuyas ausencias puedas ver."
        : "No person with the id \(id) whose leave you may see."
    case .onlyDecidersDecide:
      return es
        ? "Solo los responsables y los administradores deciden sobre las solicitudes."
        : "Only managers and admins decide on requests."
    case .onlyTheOwnerMay(let action):
      return es
        ? "Solo quien pidió la solicitud puede \(Self.verb(action, es: true))la."
        : "Only the employee who asked may \(Self.verb(action, es: false)) it."
    case .onlyDecidersMay(let action):
      return es
        ? "Solo un responsable por encima de quien la pidió, o un administrador, puede \(Self.verb(action, es: true))la; nadie decide sobre sus propias solicitudes."
        : "Only a manager above the employee, or an admin, may \(Self.verb(action, es: false)) it; nobody decides their own requests."
    case .cannotInState(let action, let status):
      return es
        ? "La solicitud está \(Self.state(status, es: true)), así que no se puede \(Self.verb(action, es: true))."
        : "The request is \(Self.state(status, es: false)), so it cannot be \(Self.participle(action))."
    case .startedCannotBeCancelled:
      return es
        ? "La solicitud está aprobada y ya ha empezado, así que no se puede cancelar."
        : "The request is approved and has already started, so it can no longer be cancelled."
    case .noWorkingDays(let span):
      return es
        ? "\(words.span(span)) no tiene días laborables (fines de semana y festivos no cuentan); no hay nada que pedir."
        : "\(words.span(span)) has no working days (weekends and holidays do not count); nothing to ask for."
    case .overlaps(let status, let span):
      return es
        ? "Estas fechas se solapan con tu solicitud \(Self.state(status, es: true)) del \(words.span(span))."
        : "These dates overlap your \(Self.state(status, es: false)) request for \(words.span(span))."
    case .notEnoughDays(let year, let remaining, let asked):
      return es
        ? "No quedan días suficientes en \(year): quedan \(words.number(remaining)) y esta solicitud ocupa \(words.workingDays(asked)) de ese año."
        : "Not enough days left in \(year): \(words.number(remaining)) remaining, and this request takes \(words.workingDays(asked)) there."
    case .noPerson(let id): return es ? "No hay ninguna persona con el id \(id)." : "No person has the id \(id)."
    case .noDevice(let id):
      return es ? "No tienes ningún dispositivo con el id \(id)." : "You have no device with the id \(id)."
    case .currentPasswordWrong:
      return es ? "La contraseña actual no es correcta." : "The current password is not right."
    case .sendTheImage:
      return es
        ? "Envía la imagen misma como cuerpo: JPEG, PNG o WebP."
        : "Send the image itself as the body: JPEG, PNG or WebP."
    case .notAnImage:
      return es
        ? "La foto debe ser una imagen JPEG, PNG o WebP; este contenido no es ninguna de ellas."
        : "The photo must be a JPEG, PNG or WebP image; this content is none of them."
    case .tooManyPixels(let width, let height, let megapixels):
      return es
        ? "La imagen mide \(width) × \(height) píxeles; se admiten \(megapixels) megapíxeles como mucho."
        : "The image is \(width) × \(height) pixels; at most \(megapixels) megapixels are taken."
    case .damagedImage:
      return es ? "La imagen está dañada y no se puede leer." : "The image is damaged and cannot be read."
    case .noSession(let id):
      return es ? "No tienes ninguna sesión con el id \(id)." : "You have no session with the id \(id)."
    case .noNotice(let id):
      return es ? "No hay ningún aviso con el id \(id) en tu tablón." : "No notice with the id \(id) is on your board."
    }
  }

  private static func verb(_ action: LeaveAction, es: Bool) -> String {
    switch (action, es) {
    case (.change, false): "change"
    case (.cancel, false): "cancel"
    case (.approve, false): "approve"
    case (.reject, false): "reject"
    case (.reopen, false): "reopen"
    case (.change, true): "cambiar"
    case (.cancel, true): "cancelar"
    case (.approve, true): "aprobar"
    case (.reject, true): "rechazar"
    case (.reopen, true): "reabrir"
    }
  }

  private static func participle(_ action: LeaveAction) -> String {
    switch action {
    case .change: "changed"
    case .cancel: "cancelled"
    case .approve: "approved"
    case .reject: "rejected"
    case .reopen: "reopened"
    }
  }

  private static func state(_ status: LeaveStatus, es: Bool) -> String {
    switch (status, es) {
    case (.pending, false): "pending"
    case (.approved, false): "approved"
    case (.rejected, false): "rejected"
    case (.cancelled, false): "cancelled"
    case (.pending, true): "pendiente"
    case (.approved, true): "aprobada"
    case (.rejected, true): "rechazada"
    case (.cancelled, true): "cancelada"
    }
  }

  public static var examples: [ProblemMessage] {
    let span = (try? LeaveSpan(start: CalendarDate("2026-04-06")!, end: CalendarDate("2026-04-10")!))!
    return [
      .noEndpoint(path: "/api/v1/nothing"), .methodNotAllowed(path: "/api/v1/me", method: "PUT", allowed: "GET, PATCH"),
      .databaseBusy, .databaseUnavailable, .textWithNulCharacter, .serverError(requestID: "r1"), .csrfTokenMissing,
      .passwordChangeRequired,
      .onlyAdministrators(action: "manage leave types"), .emptyBody, .notJSON(reason: "unexpected end at byte 3"),
      .signInFirst, .wrongCredentials, .tooManyAttempts(seconds: 60), .accessTokenExpired,
      .accessTokenInvalid, .sessionEnded, .refreshTokenReused, .refreshTokenUnknown, .sessionExpired, .accountInactive,
      .idempotencyKeyInProgress,
      .idempotencyKeyReused, .noLeaveRequest(id: "r1"), .noLeaveOfPerson(id: "p1"), .onlyDecidersDecide,
      .startedCannotBeCancelled, .noWorkingDays(span),
      .notEnoughDays(year: 2026, remaining: HalfDays(halves: 5), asked: HalfDays(halves: 6)),
      .noSession(id: "s1"), .noNotice(id: "n1"), .noPerson(id: "p1"), .noDevice(id: "d1"), .currentPasswordWrong,
      .sendTheImage, .notAnImage, .tooManyPixels(width: 9000, height: 9000, megapixels: 40), .damagedImage,
    ]
      + LeaveAction.allCases.flatMap { [ProblemMessage.onlyTheOwnerMay(action: $0), .onlyDecidersMay(action: $0)] }
      + LeaveStatus.allCases.flatMap { status in
        [ProblemMessage.overlaps(status: status, span)]
          + LeaveAction.allCases.map { ProblemMessage.cannotInState(action: $0, status: status) }
      }
  }
}
