import AtriumDomain

/// Things a problem may name: `No location has the id …`, `A department named … already exists`.
public enum NamedThing: String, Hashable, Sendable, CaseIterable {
  case location, department, holiday, leaveType, companyNotice, post, feed, page, campus, building
  case room, sensor, alertRule, alertTemplate

  func name(in language: Language) -> String {
    switch (self, language) {
    case (.location, .en): "location"
    case (.department, .en): "department"
    case (.holiday, .en): "holiday"
    case (.leaveType, .en): "leave type"
    case (.companyNotice, .en): "company notice"
    case (.post, .en): "post"
    case (.feed, .en): "feed"
    case (.page, .en): "page"
    case (.campus, .en): "campus"
    case (.building, .en): "building"
    case (.room, .en): "room"
    case (.sensor, .en): "sensor"
    case (.alertRule, .en): "alert rule"
    case (.alertTemplate, .en): "alert template"
    case (.location, .es): "sede"
    case (.department, .es): "departamento"
    case (.holiday, .es): "festivo"
    case (.leaveType, .es): "tipo de ausencia"
    case (.companyNotice, .es): "aviso de empresa"
    case (.post, .es): "publicación"
    case (.feed, .es): "fuente"
    case (.page, .es): "página"
    case (.campus, .es): "campus"
    case (.building, .es): "edificio"
    case (.room, .es): "sala"
    case (.sensor, .es): "sensor"
    case (.alertRule, .es): "regla de alerta"
    case (.alertTemplate, .es): "plantilla de alerta"
    }
  }

  /// Whether the Spanish noun is feminine (`ninguna sede`, `ningún departamento`).
  var isFeminineInSpanish: Bool { [.location, .post, .feed, .page, .room, .alertRule, .alertTemplate].contains(self) }
}

/// What went wrong in the administration and the less common paths, in the reader's language.
public enum AdminProblemMessage: CatalogueMessage, Hashable {
  case noSuch(NamedThing, id: String)
  case nameTaken(NamedThing, name: String)
  case inUseByPeople(NamedThing)
  case companyNotSetUp
  case usernameOrEmailTaken
  case cannotRemoveOwnAdminRole
  case cannotDeactivateSelf
  case useOwnPasswordRoute
  case holidayExists(date: String)
  case oneDefaultLeaveType
  case feedExists(url: String)
  case onlyAuthorOrAdminDeletes
  case monthFormat
  case calendarAddressNotValid
  case directoryNotConfigured
  case noUploadFolder
  case lastEventIDUnknown
  case sendCSV
  case csvNotUTF8
  case csvEmpty
  case csvNeedsUsername
  case csvNotValid(line: Int, reason: CSV.Failure.Reason)
  case csvUnknownColumns([String], known: [String])
  case localAccountKept(username: String)
  case importRefused(refused: Int, lines: Int)
  /// A JSON body sent with another media type (nil: no `Content-Type` at all).
  case sendJSON(got: String?)
  // Refused by the HTTP engine before the request reaches a section.
  case serverBusy
  /// Every connection the server may hold is open (`--max-connections`).
  case serverFull
  case bodyTooLarge(limit: Int)
  case conflictingFraming
  case unsupportedTransferCoding(String)
  case directoryIdentityTaken(dn: String)
  case bodyUnreadable
  case directoryUnavailable
  case invalidIdempotencyKey
  /// A mail-only flow (a forgotten password) on a server that sends no mail.
  case mailIsOff
  case linkUnknown
  case linkUsed
  case linkExpired
  case directoryAccountsNotInvited
  /// Deleting an account: what cannot be deleted.
  case directoryAccountDeletedByDirectory
  case lastAdministratorStays
  case alreadyErased
  /// Self sign-up.
  case signUpClosed
  case confirmAddressFirst
  case signUpNeedsDepartmentAndLocation
  /// Changing one's address.
  case directoryOwnsAddress
  case addressTaken
  case inactiveNotInvited
  /// A campus is removed after its buildings.
  case campusHasBuildings
  /// A position older than the oldest one presence takes (seconds).
  case fixTooOld(seconds: Int)
  /// A position less precise than the area needs (metres).
  case fixTooInaccurate(limit: Int)
  /// A check-in by hand at a building the position is not at.
  case notAtBuilding(name: String)
  /// A check-in without a position where the company asks for one.
  case positionNeeded

  public var id: String { "problem." + caseName }

  public func text(in language: Language) -> String {
    let es = language == .es
    switch self {
    case .noSuch(let thing, let id):
      if thing == .page { return es ? "Esta página no existe." : "No such page." }
      let none = thing.isFeminineInSpanish ? "ninguna" : "ningún"
      return es
        ? "No hay \(none) \(thing.name(in: .es)) con el id \(id)." : "No \(thing.name(in: .en)) has the id \(id)."
    case .nameTaken(let thing, let name):
      return es
        ? "Ya existe \(thing.isFeminineInSpanish ? "una" : "un") \(thing.name(in: .es)) llamado «\(name)»."
        : "A \(thing.name(in: .en)) named \"\(name)\" already exists."
    case .inUseByPeople(let thing):
      return es
        ? "Hay personas en \(thing.isFeminineInSpanish ? "esta" : "este") \(thing.name(in: .es)); muévelas primero."
        : "This \(thing.name(in: .en)) is still in use by people; move them first."
    case .companyNotSetUp: return es ? "La empresa aún no está configurada." : "The company has not been set up yet."
    case .usernameOrEmailTaken:
      return es ? "Ese usuario o correo ya es de otra persona." : "That username or email is already someone else's."
    case .cannotRemoveOwnAdminRole:
      return es
        ? "No puedes quitarte tu propio rol de administrador; pídeselo a otro administrador."
        : "You cannot remove your own administrator role; ask another administrator."
    case .cannotDeactivateSelf:
      return es ? "No puedes desactivar tu propia cuenta." : "You cannot deactivate your own account."
    case .useOwnPasswordRoute:
      return es
        ? "Cambia tu propia contraseña con POST /api/v1/me/password."
        : "Change your own password with POST /api/v1/me/password."
    case .holidayExists(let date):
      return es ? "Esta sede ya tiene un festivo el \(date)." : "This location already has a holiday on \(date)."
    case .oneDefaultLeaveType:
      return es
        ? "La empresa siempre tiene un tipo de ausencia predeterminado y activo."
        : "The company always has one active default leave type."
    case .feedExists(let url): return es ? "El muro ya importa \(url)." : "The timeline already imports \(url)."
    case .onlyAuthorOrAdminDeletes:
      return es
        ? "Solo su autor o un administrador puede borrar una publicación."
        : "Only its author or an administrator may delete a post."
    case .monthFormat: return es ? "El mes debe ser AAAA-MM." : "The month must be YYYY-MM."
    case .calendarAddressNotValid:
      return es
        ? "Esta dirección de calendario no es válida (puede que se haya sustituido)."
        : "This calendar address is not valid (it may have been replaced)."
    case .directoryNotConfigured:
      return es ? "No hay ningún directorio de empresa configurado." : "No company directory is configured."
    case .noUploadFolder:
      return es
        ? "Este servidor no tiene carpeta para archivos subidos." : "This server has no folder for uploaded files."
    case .lastEventIDUnknown:
      return es
        ? "Last-Event-ID debe ser un id de evento enviado por este servidor."
        : "Last-Event-ID must be an event id this server sent."
    case .sendCSV:
      return es ? "Envía la lista de personal como text/csv (UTF-8)." : "Send the staff list as text/csv (UTF-8)."
    case .csvNotUTF8:
      return es ? "El archivo no es UTF-8; guárdalo como CSV UTF-8." : "The file is not UTF-8; save it as UTF-8 CSV."
    case .csvEmpty:
      return es ? "El archivo está vacío; se esperaba una cabecera." : "The file is empty; expected a header line."
    case .csvNeedsUsername:
      return es ? "La cabecera necesita una columna username." : "The header needs a username column."
    case .csvNotValid(let line, let reason):
      let why =
        switch reason {
        case .quoteInUnquotedField:
          es
            ? "comillas dentro de un campo sin comillas (pon el campo entero entre comillas y dobla las comillas)"
            : "a quote inside an unquoted field (quote the whole field and double the quote)"
        case .textAfterClosingQuote: es ? "texto tras unas comillas de cierre" : "text after a closing quote"
        case .unclosedQuote: es ? "un campo entre comillas no se cierra" : "a quoted field is never closed"
        }
      return es
        ? "El archivo no es CSV válido (línea \(line)): \(why)." : "The file is not valid CSV (line \(line)): \(why)."
    case .csvUnknownColumns(let unknown, let known):
      let unknownList = unknown.joined(separator: ", ")
      let knownList = known.joined(separator: ", ")
      return es
        ? "Columnas desconocidas: \(unknownList). Se admiten: \(knownList)."
        : "Unknown columns: \(unknownList). Known: \(knownList)."
    case .sendJSON(let got):
      let media = got ?? (es ? "ningún Content-Type" : "no Content-Type")
      return es
        ? "Envía el cuerpo como application/json (llegó \(media))."
        : "Send the body as application/json (got \(media))."
    case .serverBusy:
      return es
        ? "El servidor está ocupado; inténtalo de nuevo en un momento." : "The server is busy; try again in a moment."
    case .serverFull:
      return es
        ? "El servidor atiende ahora a todas las conexiones que puede; inténtalo de nuevo en unos segundos."
        : "The server is serving as many connections as it can; try again in a few seconds."
    case .bodyTooLarge(let limit):
      return es
        ? "El cuerpo de la petición supera los \(limit) bytes que admite este punto de acceso."
        : "The request body is larger than the \(limit) bytes this endpoint accepts."
    case .conflictingFraming:
      return es
        ? "Una petición no puede llevar a la vez Content-Length y Transfer-Encoding."
        : "A request may not carry both Content-Length and Transfer-Encoding."
    case .unsupportedTransferCoding(let coding):
      return es
        ? "Transfer-Encoding \(coding) no se admite; envía el cuerpo por trozos (chunked) o con Content-Length."
        : "Transfer-Encoding \(coding) is not supported; send the body chunked or with Content-Length."
    case .importRefused(let refused, let lines):
      return es
        ? "Se han rechazado \(refused) de \(lines) líneas, así que no se ha importado nada; corrígelas (una prueba muestra cada motivo) e importa de nuevo."
        : "\(refused) of \(lines) lines were refused, so nothing was imported; fix them (a dry run shows each reason) and import again."
    case .localAccountKept(let username):
      return es
        ? "\(username) es una cuenta local de Atrium con su propia contraseña; el directorio no la sustituye."
        : "\(username) is a local Atrium account with its own password; the directory does not take it over."
    case .directoryIdentityTaken(let dn):
      return es
        ? "El usuario o el correo del directorio para \(dn) pertenece a otra cuenta de Atrium."
        : "The directory's username or email address for \(dn) belongs to another Atrium account."
    case .bodyUnreadable: return es ? "No se ha podido leer el cuerpo." : "The body could not be read."
    case .directoryUnavailable:
      return es
        ? "El directorio de la empresa no responde; inténtalo de nuevo en un momento."
        : "The company directory is unavailable; try again in a moment."
    case .invalidIdempotencyKey:
      return es
        ? "Idempotency-Key debe tener de 1 a 255 caracteres ASCII visibles."
        : "Idempotency-Key must be 1 to 255 visible ASCII characters."
    case .mailIsOff:
      return es
        ? "Este servidor no envía correo; pide a un administrador que restablezca tu contraseña."
        : "This server sends no mail; ask an administrator to reset your password."
    case .linkUnknown:
      return es
        ? "Este enlace no es válido: cópialo entero del correo, o pide otro."
        : "This link is not valid: copy it whole from the mail, or ask for a new one."
    case .linkUsed:
      return es ? "Este enlace ya se ha usado; pide otro." : "This link was already used; ask for a new one."
    case .linkExpired: return es ? "Este enlace ha caducado; pide otro." : "This link has expired; ask for a new one."
    case .directoryAccountsNotInvited:
      return es
        ? "Esta persona entra con el directorio de la empresa: no se la invita, su contraseña es la del directorio."
        : "This person signs in with the company directory: they are not invited, their password is the directory's."
    case .directoryAccountDeletedByDirectory:
      return es
        ? "Tu cuenta es la del directorio de la empresa: pide a tu empresa que la borre allí; un administrador puede borrar tus datos de Atrium."
        : "Your account is the company directory's: ask your company to delete it there; an administrator can erase your data in Atrium."
    case .lastAdministratorStays:
      return es
        ? "Es la única persona administradora: nombra antes a otra, o nadie podría administrar Atrium."
        : "This is the only administrator: make someone else one first, or nobody could run Atrium."
    case .alreadyErased: return es ? "Esta cuenta ya se borró." : "This account was already erased."
    case .signUpClosed:
      return es
        ? "Esta empresa no permite crear cuentas: pide una a un administrador."
        : "This company does not let people sign up: ask an administrator for an account."
    case .confirmAddressFirst:
      return es
        ? "Confirma antes tu correo con el enlace que te enviamos; si no lo encuentras, pide que te lo enviemos otra vez."
        : "Confirm your address first with the link we mailed you; if you cannot find it, ask for it again."
    case .directoryOwnsAddress:
      return es
        ? "Tu correo viene del directorio de la empresa: cámbialo allí."
        : "Your address comes from the company directory: change it there."
    case .addressTaken:
      return es ? "Otra cuenta ya usa esta dirección." : "Another account already uses this address."
    case .signUpNeedsDepartmentAndLocation:
      return es
        ? "Para abrir el registro, elige el departamento y la sede de las personas nuevas."
        : "To open sign-up, choose the department and location new people start in."
    case .fixTooOld(let seconds):
      return es
        ? "La posición tiene más de \(seconds) segundos: pide una nueva al dispositivo."
        : "The position is more than \(seconds) seconds old: ask the device for a new one."
    case .fixTooInaccurate(let limit):
      return es
        ? "La posición es demasiado imprecisa: aquí hace falta una precisión de \(limit) m o mejor."
        : "The position is too imprecise: here it must be accurate to \(limit) m or better."
    case .notAtBuilding(let name):
      return es
        ? "Tu posición no está en «\(name)»: solo puedes registrarte a mano donde estás."
        : "Your position is not at \"\(name)\": you can check in by hand only where you are."
    case .positionNeeded:
      return es
        ? "Para registrarte hace falta tu posición: permite que el dispositivo la comparta."
        : "Checking in needs your position: allow the device to share it."
    case .campusHasBuildings:
      return es
        ? "Este campus aún tiene edificios: quítalos o muévelos primero."
        : "This campus still has buildings: remove or move them first."
    case .inactiveNotInvited:
      return es
        ? "Esta persona está desactivada: actívala antes de invitarla."
        : "This person is inactive: activate them before inviting them."
    }
  }

  public static var examples: [AdminProblemMessage] {
    NamedThing.allCases.flatMap { thing in
      [AdminProblemMessage.noSuch(thing, id: "x1"), .nameTaken(thing, name: "Madrid"), .inUseByPeople(thing)]
    } + [
      .companyNotSetUp, .usernameOrEmailTaken, .cannotRemoveOwnAdminRole, .cannotDeactivateSelf, .useOwnPasswordRoute,
      .holidayExists(date: "2026-05-15"), .oneDefaultLeaveType, .feedExists(url: "https://example.com/feed"),
      .onlyAuthorOrAdminDeletes, .monthFormat, .calendarAddressNotValid, .directoryNotConfigured, .noUploadFolder,
      .lastEventIDUnknown, .sendCSV, .csvNotUTF8, .csvEmpty, .csvNeedsUsername, .bodyUnreadable,
      .directoryUnavailable, .invalidIdempotencyKey, .mailIsOff, .linkUnknown, .linkUsed, .linkExpired,
      .directoryAccountsNotInvited, .inactiveNotInvited, .campusHasBuildings,
      .fixTooOld(seconds: 120), .fixTooInaccurate(limit: 100), .notAtBuilding(name: "Madrid — Castellana"),
      .positionNeeded, .directoryAccountDeletedByDirectory,
      .lastAdministratorStays,
      .alreadyErased, .signUpClosed, .confirmAddressFirst, .signUpNeedsDepartmentAndLocation, .directoryOwnsAddress,
      .addressTaken,
      .csvUnknownColumns(["nickname"], known: ["username", "email"]),
      .localAccountKept(username: "ana"), .importRefused(refused: 2, lines: 40),
      .sendJSON(got: "text/plain"), .sendJSON(got: nil), .serverBusy, .serverFull, .bodyTooLarge(limit: 65_536),
      .conflictingFraming,
      .unsupportedTransferCoding("gzip"), .directoryIdentityTaken(dn: "uid=ana,ou=people,dc=example,dc=com"),
    ] + CSV.Failure.Reason.allCases.map { .csvNotValid(line: 3, reason: $0) }
  }
}
