import AtriumDomain

/// Every text the web pages show, in English and Spanish. A missing translation does not
/// compile: each key answers both.
public enum PageText: CatalogueMessage {
  case appName, signInTitle, username, password, signIn, signOut, wrongCredentials, tooManyAttempts, directoryDown
  case menu, home, timeOff, board, approvals, unread(Int)
  case timeline, writePost, post, nothingYet, couldNotLoad, from(String)
  case year, allowance, carriedOver, expiredDays, approvedDays, pendingDays, remaining, requests, noRequests
  case askForLeave, start, end, startHalf, endHalf, fullDay, afternoonOnly, morningOnly, note, preview, send
  case previewSays(HalfDays), alsoOff(String), cancel, workingDays(HalfDays)
  case status(LeaveStatus)
  case markRead, markAllRead, noNotices, newBadge, done
  case pendingTab, approvedTab, rejectedTab, cancelledTab, allTab, approve, reject, reopen, noApprovals
  case notAllowedTitle, notAllowed, notFoundTitle, notFound, sessionExpired, problem(String)
  case controlCharacters, checkTheForm
  case previousYear, nextYear
  case team, company, settings, profile, editProfile, search, searchPeople, allDepartments, allLocations, nobodyFound
  case call, mail, viewProfile, seeTimeOff, position, department, location, email, phone, manager, startDate, bio
  case save, saved, photo, photoHelp(megabytes: Int), notifications, leaveDecisions, approvalsWaiting,
    companyNotices, notificationKind, onBoard, byMail, byPush, dailyDigest, notificationsHelp, myEmail, newEmail,
    changeEmail, emailLinkSent(String)
  case language, calendarFeed, calendarHelp, teamCalendarFeed, newLink, website, address, openMap, social
  case requestDetail, otherRequests, whoElseIsOff, history, back, remainingAfter(HalfDays)
  case teamCalendar, month, holiday
  case writeNotice, noticeTitle, noticeBody, markdownHelp, audience, everyone, expires, publish
  case changePassword, currentPassword, mustChangePassword, passwordChanged
  case admin, people, newPerson, firstName, lastName, role, roleName(Role), active, inactive, create, resetPassword
  case temporaryPassword(String, String), places, locations, departments, add, remove, name, timeZone, feeds
  case feedAddress, refresh, auditLog, more, none, mailAndNotifications, sendInvitation,
    invitationSent(String, days: Int)
  case leaveType, defaultType, makeDefault, leaveSettings, leaveTypes, countsAgainstAllowance, needsApproval, policy,
    defaultAllowance
  case fromYear, policyChangesBalances(Int, Int), confirmChange
  case carryOverDays, carryOverUntil, allowNegative, holidays, date, halfDayOnly(DayHalf?), allowanceFor(Int), days
  case importPeople, importHelp, csvFile, orPaste, dryRun, runImport, importSummary(Int, Int, Int, Int), applied
  case notApplied, line
  /// The number of requests waiting for a decider, for screen readers.
  case waiting(Int)
  /// The request form was sent without its dates.
  case chooseDays
  /// What an import does with a line: the report's `action` (`create`, `update`, ...).
  case importAction(String)
  case change, changeRequest
  case devices, noDevices, resetBadge
  case signedInSessions, lastUsed(String), thisSession, signOutSession

  public var id: String { "page." + caseName }

  public func text(in language: Language) -> String { self.in(language) }

  public func `in`(_ language: Language) -> String {
    let (en, es) = pair
    return language == .es ? es : en
  }

  private var pair: (String, String) {
    switch self {
    case .appName: ("Atrium", "Atrium")
    case .signInTitle: ("Sign in", "Iniciar sesión")
    case .username: ("Username", "Usuario")
    case .password: ("Password", "Contraseña")
    case .signIn: ("Sign in", "Entrar")
    case .signOut: ("Sign out", "Cerrar sesión")
    case .wrongCredentials: ("Wrong username or password.", "Usuario o contraseña incorrectos.")
    case .tooManyAttempts:
      (
        "Too many failed attempts. Wait a few minutes and try again.",
        "Demasiados intentos fallidos. Espera unos minutos y vuelve a intentarlo."
      )
    case .directoryDown:
      (
        "The company directory is unavailable; try again in a moment.",
        "El directorio de la empresa no responde; inténtalo de nuevo en un momento."
      )
    case .menu: ("Menu", "Menú")
    case .home: ("Home", "Inicio")
    case .timeOff: ("Time off", "Vacaciones")
    case .board: ("Board", "Tablón")
    case .approvals: ("Approvals", "Aprobaciones")
    case .unread(let count): ("\(count) unread", "\(count) sin leer")
    case .timeline: ("Timeline", "Novedades")
    case .writePost: ("Share something with everyone", "Comparte algo con todos")
    case .post: ("Post", "Publicar")
    case .nothingYet: ("Nothing has been posted yet.", "Todavía no se ha publicado nada.")
    case .couldNotLoad: ("Some posts could not be loaded:", "No se han podido cargar algunas publicaciones:")
    case .from(let source): ("From \(source)", "De \(source)")
    case .year: ("Year", "Año")
    case .allowance: ("Allowance", "Días del año")
    case .carriedOver: ("Carried over", "Del año anterior")
    case .expiredDays: ("Expired", "Caducados")
    case .approvedDays: ("Approved", "Aprobados")
    case .pendingDays: ("Pending", "Pendientes")
    case .remaining: ("Remaining", "Quedan")
    case .requests: ("Requests", "Solicitudes")
    case .noRequests: ("No requests this year.", "No hay solicitudes este año.")
    case .askForLeave: ("Ask for time off", "Pedir vacaciones")
    case .start: ("First day", "Primer día")
    case .end: ("Last day", "Último día")
    case .startHalf: ("On the first day", "El primer día")
    case .endHalf: ("On the last day", "El último día")
    case .fullDay: ("Whole day", "Día completo")
    case .afternoonOnly: ("Afternoon only", "Solo la tarde")
    case .morningOnly: ("Morning only", "Solo la mañana")
    case .note: ("Note (optional)", "Nota (opcional)")
    case .preview: ("Check the days", "Comprobar los días")
    case .send: ("Send request", "Enviar solicitud")
    case .previewSays(let days):
      (
        "This request takes \(Wording(.en).workingDays(days)).",
        "Esta solicitud ocupa \(Wording(.es).workingDays(days))."
      )
    case .alsoOff(let names): ("Also off then: \(names).", "También libran esos días: \(names).")
    case .cancel: ("Cancel", "Cancelar")
    case .workingDays(let days): (Wording(.en).days(days), Wording(.es).days(days))
    case .status(let status):
      switch status {
      case .pending: ("Pending", "Pendiente")
      case .approved: ("Approved", "Aprobada")
      case .rejected: ("Rejected", "Rechazada")
      case .cancelled: ("Cancelled", "Cancelada")
      }
    case .markRead: ("Mark read", "Marcar como leído")
    case .markAllRead: ("Mark all read", "Marcar todo como leído")
    case .noNotices: ("No notices.", "No hay avisos.")
    case .newBadge: ("New", "Nuevo")
    case .done: ("Done", "Hecho")
    case .pendingTab: ("Pending", "Pendientes")
    case .approvedTab: ("Approved", "Aprobadas")
    case .rejectedTab: ("Rejected", "Rechazadas")
    case .cancelledTab: ("Cancelled", "Canceladas")
    case .allTab: ("All", "Todas")
    case .approve: ("Approve", "Aprobar")
    case .reject: ("Reject", "Rechazar")
    case .reopen: ("Back to pending", "Volver a pendiente")
    case .noApprovals: ("Nothing here.", "No hay nada aquí.")
    case .notAllowedTitle: ("Not allowed", "No permitido")
    case .notAllowed:
      ("This page is for managers and administrators.", "Esta página es para responsables y administradores.")
    case .notFoundTitle: ("Not found", "No encontrado")
    case .notFound: ("There is no such page.", "Esta página no existe.")
    case .checkTheForm: ("Check the form", "Revisa el formulario")
    case .controlCharacters:
      (
        "A field holds characters that cannot be typed (control characters); only tabs and line breaks may.",
        "Un campo lleva caracteres que no se escriben (caracteres de control); solo se admiten tabuladores y saltos de línea."
      )
    case .sessionExpired:
      ("The form expired; please try again.", "El formulario ha caducado; vuelve a intentarlo.")
    case .problem(let detail): (detail, detail)
    case .previousYear: ("Previous year", "Año anterior")
    case .nextYear: ("Next year", "Año siguiente")
    case .team: ("Team", "Equipo")
    case .company: ("Company", "Empresa")
    case .settings: ("Settings", "Ajustes")
    case .profile: ("My profile", "Mi perfil")
    case .editProfile: ("Edit profile", "Editar perfil")
    case .search: ("Search", "Buscar")
    case .searchPeople: ("Name, position or department", "Nombre, puesto o departamento")
    case .allDepartments: ("All departments", "Todos los departamentos")
    case .allLocations: ("All locations", "Todas las sedes")
    case .nobodyFound: ("Nobody matches.", "No hay nadie que coincida.")
    case .call: ("Call", "Llamar")
    case .mail: ("Email", "Correo")
    case .viewProfile: ("Profile", "Perfil")
    case .seeTimeOff: ("Time off", "Vacaciones")
    case .position: ("Position", "Puesto")
    case .department: ("Department", "Departamento")
    case .location: ("Location", "Sede")
    case .email: ("Email", "Correo")
    case .phone: ("Phone", "Teléfono")
    case .manager: ("Manager", "Responsable")
    case .startDate: ("Started", "Incorporación")
    case .bio: ("About", "Sobre mí")
    case .save: ("Save", "Guardar")
    case .saved: ("Saved.", "Guardado.")
    case .photo: ("Photo", "Foto")
    case .photoHelp(let megabytes):
      (
        "JPEG, PNG or WebP, up to \(megabytes) MB. Leave it empty to keep your photo.",
        "JPEG, PNG o WebP, hasta \(megabytes) MB. Déjalo vacío para conservar tu foto."
      )
    case .notifications: ("Notifications", "Notificaciones")
    case .leaveDecisions: ("Decisions on my requests", "Decisiones sobre mis solicitudes")
    case .approvalsWaiting: ("Requests waiting for me", "Solicitudes que esperan mi decisión")
    case .companyNotices: ("Company notices", "Avisos de la empresa")
    case .notificationKind: ("Kind", "Tipo")
    case .myEmail: ("My e-mail", "Mi correo")
    case .newEmail: ("New address", "Dirección nueva")
    case .changeEmail: ("Change my e-mail", "Cambiar mi correo")
    case .emailLinkSent(let address):
      (
        "A link to confirm it is on its way to \(address); your address changes when you open it.",
        "Va de camino a \(address) un enlace para confirmarla; tu correo cambia cuando lo abras."
      )
    case .onBoard: ("Board", "Tablón")
    case .byMail: ("Mail", "Correo")
    case .byPush: ("Devices", "Dispositivos")
    case .dailyDigest: ("Daily digest", "Resumen diario")
    case .notificationsHelp:
      (
        "Where each kind reaches you. With the daily digest, its mails come together at 08:00 in your time zone.",
        "Dónde te llega cada tipo. Con el resumen diario, sus correos llegan juntos a las 08:00 de tu zona horaria."
      )
    case .language: ("Language", "Idioma")
    case .calendarFeed: ("Calendar feed", "Calendario")
    case .calendarHelp:
      (
        "Subscribe to this address in your calendar app to see your time off there.",
        "Suscríbete a esta dirección en tu aplicación de calendario para ver allí tus vacaciones."
      )
    case .teamCalendarFeed: ("My team's time off", "Las vacaciones de mi equipo")
    case .newLink: ("New link (the old one stops working)", "Nuevo enlace (el anterior deja de funcionar)")
    case .website: ("Website", "Web")
    case .address: ("Address", "Dirección")
    case .openMap: ("Open in a map", "Abrir en un mapa")
    case .social: ("Social accounts", "Redes sociales")
    case .requestDetail: ("Request", "Solicitud")
    case .otherRequests: ("Other requests this year", "Otras solicitudes este año")
    case .whoElseIsOff: ("Who else is off", "Quién más libra")
    case .history: ("History", "Historial")
    case .back: ("Back", "Volver")
    case .teamCalendar: ("Team calendar", "Calendario del equipo")
    case .month: ("Month", "Mes")
    case .holiday: ("Holiday", "Festivo")
    case .writeNotice: ("Write a company notice", "Escribir un aviso de empresa")
    case .noticeTitle: ("Title", "Título")
    case .noticeBody: ("Text", "Texto")
    case .markdownHelp: ("**bold**, *italic*, lists and links.", "**negrita**, *cursiva*, listas y enlaces.")
    case .audience: ("For", "Para")
    case .everyone: ("Everyone", "Todos")
    case .expires: ("Remove after (optional)", "Retirar después de (opcional)")
    case .publish: ("Publish", "Publicar")
    case .admin: ("Administration", "Administración")
    case .people: ("People", "Personas")
    case .newPerson: ("Add a person", "Añadir una persona")
    case .firstName: ("First name", "Nombre")
    case .lastName: ("Last name", "Apellidos")
    case .role: ("Role", "Rol")
    case .roleName(let role):
      switch role {
      case .employee: ("Employee", "Empleado")
      case .manager: ("Manager", "Responsable")
      case .admin: ("Administrator", "Administrador")
      }
    case .active: ("Active (can sign in)", "Activo (puede entrar)")
    case .inactive: ("Inactive", "Inactivo")
    case .create: ("Create", "Crear")
    case .resetPassword: ("New temporary password", "Nueva contraseña temporal")
    case .temporaryPassword(let name, let password):
      (
        "Temporary password for \(name): \(password). It is shown only now; they must change it when they sign in.",
        "Contraseña temporal de \(name): \(password). Solo se muestra ahora; tendrá que cambiarla al entrar."
      )
    case .places: ("Locations and departments", "Sedes y departamentos")
    case .locations: ("Locations", "Sedes")
    case .departments: ("Departments", "Departamentos")
    case .add: ("Add", "Añadir")
    case .remove: ("Remove", "Quitar")
    case .name: ("Name", "Nombre")
    case .timeZone: ("Time zone", "Zona horaria")
    case .feeds: ("Timeline feeds", "Fuentes de novedades")
    case .feedAddress: ("RSS or Atom address", "Dirección RSS o Atom")
    case .refresh: ("Fetch now", "Leer ahora")
    case .auditLog: ("Audit log", "Registro de cambios")
    case .mailAndNotifications: ("Mail and notifications", "Correo y avisos")
    case .sendInvitation: ("Send an invitation by mail", "Enviar una invitación por correo")
    case .invitationSent(let email, let days):
      (
        "Invitation sent to \(email): the link works for \(days) days.",
        "Invitación enviada a \(email): el enlace sirve \(days) días."
      )
    case .more: ("More", "Más")
    case .none: ("None", "Ninguno")
    case .leaveType: ("Type", "Tipo")
    case .defaultType: ("Default for new requests", "Predeterminado en las solicitudes nuevas")
    case .makeDefault: ("Make default", "Hacer predeterminado")
    case .leaveSettings: ("Time off settings", "Ajustes de vacaciones")
    case .leaveTypes: ("Leave types", "Tipos de ausencia")
    case .countsAgainstAllowance: ("Counts against the allowance", "Descuenta de los días del año")
    case .needsApproval: ("Needs approval", "Necesita aprobación")
    case .policy: ("Policy", "Política")
    case .defaultAllowance: ("Days a year", "Días al año")
    case .fromYear: ("From year", "A partir del año")
    case .policyChangesBalances(let people, let year):
      (
        "This changes the balance of \(people) \(people == 1 ? "person" : "people") in \(year), a year already in use. Confirm to save it, or choose a later year.",
        "Esto cambia el saldo de \(people) \(people == 1 ? "persona" : "personas") en \(year), un año ya en uso. Confirma para guardarlo o elige un año posterior."
      )
    case .confirmChange: ("Confirm the change", "Confirmar el cambio")
    case .carryOverDays: ("Days carried over at most", "Días que pasan al año siguiente como máximo")
    case .carryOverUntil: ("Usable until (MM-DD of the next year)", "Se pueden usar hasta (MM-DD del año siguiente)")
    case .allowNegative: ("Allow going below zero", "Permitir saldo negativo")
    case .holidays: ("Holidays", "Festivos")
    case .date: ("Date", "Fecha")
    case .halfDayOnly(let half):
      switch half {
      case nil: ("Whole day", "Día completo")
      case .morning?: ("Morning off", "Libre por la mañana")
      case .afternoon?: ("Afternoon off", "Libre por la tarde")
      }
    case .allowanceFor(let year): ("Days for \(year)", "Días de \(year)")
    case .days: ("days", "días")
    case .importPeople: ("Import a staff list", "Importar una lista de personal")
    case .importHelp:
      (
        "A CSV file whose first line names the columns: username, email, firstName, lastName, position, department, location, manager, role, startDate, phone, bio.",
        "Un archivo CSV cuya primera línea nombra las columnas: username, email, firstName, lastName, position, department, location, manager, role, startDate, phone, bio."
      )
    case .csvFile: ("CSV file", "Archivo CSV")
    case .orPaste: ("Or paste it here", "O pégalo aquí")
    case .dryRun: ("Only check it (change nothing)", "Solo comprobar (no cambia nada)")
    case .runImport: ("Import", "Importar")
    case .importSummary(let created, let updated, let unchanged, let refused):
      (
        "\(created) to create, \(updated) to update, \(unchanged) unchanged, \(refused) refused.",
        "\(created) nuevas, \(updated) a actualizar, \(unchanged) sin cambios, \(refused) rechazadas."
      )
    case .applied: ("The list was imported.", "La lista se ha importado.")
    case .notApplied: ("Nothing was changed.", "No se ha cambiado nada.")
    case .line: ("Line", "Línea")
    case .waiting(let count):
      (
        count == 1 ? "1 request waits for you" : "\(count) requests wait for you",
        count == 1 ? "1 solicitud te espera" : "\(count) solicitudes te esperan"
      )
    case .chooseDays: ("Choose the first and last day.", "Elige el primer y el último día.")
    case .importAction(let action):
      switch action {
      case "create": ("to create", "nueva")
      case "update": ("to update", "a actualizar")
      case "unchanged": ("unchanged", "sin cambios")
      default: ("refused", "rechazada")
      }
    case .change: ("Change", "Cambiar")
    case .changeRequest: ("Change the request", "Cambiar la solicitud")
    case .devices: ("Devices for push notifications", "Dispositivos para notificaciones")
    case .noDevices: ("No devices registered.", "No hay dispositivos registrados.")
    case .resetBadge: ("Reset the app icon's count", "Poner a cero el contador del icono")
    case .signedInSessions: ("Where you are signed in", "Dónde has iniciado sesión")
    case .lastUsed(let when): ("last used \(when) UTC", "último uso \(when) UTC")
    case .thisSession: ("This browser", "Este navegador")
    case .signOutSession: ("Sign out", "Cerrar esta sesión")
    case .changePassword: ("Change password", "Cambiar contraseña")
    case .currentPassword: ("Current password", "Contraseña actual")
    case .mustChangePassword:
      (
        "You signed in with a temporary password. Choose your own to continue.",
        "Has entrado con una contraseña temporal. Elige la tuya para continuar."
      )
    case .passwordChanged:
      ("Password changed. Your other sessions have ended.", "Contraseña cambiada. Tus otras sesiones se han cerrado.")
    case .remainingAfter(let days):
      (
        "\(Wording(.en).days(days)) left this year",
        "\(days.halves == 2 ? "Le queda" : "Le quedan") \(Wording(.es).days(days)) este año"
      )
    }
  }
}
