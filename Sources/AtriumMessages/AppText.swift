import AtriumDomain

/// What the SDK's screens and the command line say on their own (the server's answers are
/// worded by the server), in the reader's language.
public enum AppText: CatalogueMessage, Hashable {
  case savedForLater
  case notSent(reasons: String)
  case nothingHere
  case nothingYet
  case takesWorkingDays(HalfDays)
  case alsoOff(names: String)
  case cannotCountOffline
  case requestSent
  case savedChangesSent
  case couldNotLoadTimeline(reason: String)
  case couldNotLoadFeed(name: String, reason: String)
  case newCalendarLinks
  case signedOut
  case lastUsed(String)
  case noRequestsThisYear
  case daysInYear(days: String, year: Int)
  case pending(days: String)
  case since(String)
  case noOneMatches
  case all
  case profileSaved
  case photoTooLarge(megabytes: Int)
  case choosePhotoFormat
  case photoChanged
  case unread(Int)
  case enterServerAddress
  case wrongCredentials
  case sendIt
  case notSentOnRequest
  /// Asks before several requests are decided at once.
  case confirmBulk(approve: Bool, count: Int)
  /// How a batch of decisions went: how many were taken, and why the others were not.
  case bulkDone(approve: Bool, done: Int, refusals: [String])

  public var id: String { "app." + caseName }

  public func text(in language: Language) -> String {
    let es = language == .es
    switch self {
    case .savedForLater:
      return es ? "Guardado; se enviará cuando haya conexión." : "Saved; it will be sent when you are online."
    case .notSent(let reasons): return es ? "No se pudo enviar: \(reasons)" : "Not sent: \(reasons)"
    case .nothingHere: return es ? "No hay nada aquí." : "Nothing here."
    case .nothingYet: return es ? "Aún no hay nada." : "Nothing yet."
    case .takesWorkingDays(let days): return (es ? "Ocupa " : "Takes ") + Wording(language).workingDays(days) + "."
    case .alsoOff(let names): return es ? "También libran: \(names)." : "Also off: \(names)."
    case .cannotCountOffline:
      return es
        ? "Sin conexión no se pueden contar los días; puedes guardarla y se enviará cuando haya conexión."
        : "The days cannot be counted offline; you can save the request and it will be sent when you are online."
    case .requestSent: return es ? "Solicitud enviada." : "Request sent."
    case .savedChangesSent: return es ? "Se han enviado los cambios pendientes." : "Your saved changes were sent."
    case .couldNotLoadTimeline(let reason):
      return (es ? "No se pudo cargar el inicio. " : "Could not load the timeline. ") + reason
    case .couldNotLoadFeed(let name, let reason):
      return es ? "No se pudo cargar \(name): \(reason)." : "Could not load \(name): \(reason)."
    case .newCalendarLinks:
      return es ? "Enlaces nuevos; los anteriores ya no funcionan." : "New links; the old ones no longer work."
    case .signedOut: return es ? "Sesión cerrada." : "Signed out."
    case .lastUsed(let when): return es ? "último uso \(when)" : "last used \(when)"
    case .noRequestsThisYear: return es ? "Sin solicitudes este año." : "No requests this year."
    case .daysInYear(let days, let year): return es ? "\(days) días en \(year)" : "\(days) days in \(year)"
    case .pending(let days): return es ? "\(days) pendientes" : "\(days) pending"
    case .since(let date): return es ? "Desde \(date)" : "Since \(date)"
    case .noOneMatches: return es ? "Nadie coincide." : "No one matches."
    case .all: return es ? "Todos" : "All"
    case .profileSaved: return es ? "Perfil guardado." : "Profile saved."
    case .photoTooLarge(let megabytes):
      return es ? "La foto ocupa más de \(megabytes) MB." : "The photo is larger than \(megabytes) MB."
    case .choosePhotoFormat: return es ? "Elige una foto JPEG, PNG o WebP." : "Choose a JPEG, PNG or WebP photo."
    case .photoChanged: return es ? "Foto cambiada." : "Photo changed."
    case .unread(let count): return es ? "\(count) sin leer" : "\(count) unread"
    case .enterServerAddress:
      return es
        ? "Escribe la dirección del servidor, p. ej. https://atrium.empresa.com"
        : "Enter the server's address, e.g. https://atrium.example.com"
    case .wrongCredentials: return es ? "Usuario o contraseña incorrectos." : "Wrong username or password."
    case .sendIt: return es ? "¿Enviarla? [s/N] " : "Send it? [y/N] "
    case .notSentOnRequest: return es ? "No enviada." : "Not sent."
    case .confirmBulk(let approve, let count):
      let plural = count != 1
      if es {
        let verb = approve ? "¿Aprobar" : "¿Rechazar"
        return "\(verb) \(count) \(plural ? "solicitudes" : "solicitud")?"
      }
      return "\(approve ? "Approve" : "Reject") \(count) \(plural ? "requests" : "request")?"
    case .bulkDone(let approve, let done, let refusals):
      let plural = done != 1
      let taken =
        es
        ? "\(done) \(plural ? "solicitudes" : "solicitud") \(approve ? "aprobada" : "rechazada")\(plural ? "s" : "")."
        : "\(done) \(plural ? "requests" : "request") \(approve ? "approved" : "rejected")."
      guard !refusals.isEmpty else { return taken }
      return taken + (es ? " No se pudo con: " : " Not done: ") + refusals.joined(separator: " ")
    }
  }

  public static var examples: [AppText] {
    [
      .savedForLater, .notSent(reasons: "overlap"), .nothingHere, .nothingYet, .takesWorkingDays(HalfDays(days: 3)),
      .takesWorkingDays(HalfDays(days: 1)),
      .alsoOff(names: "Ana"), .cannotCountOffline, .requestSent, .savedChangesSent,
      .couldNotLoadTimeline(reason: "offline"), .couldNotLoadFeed(name: "News", reason: "timeout"), .newCalendarLinks,
      .signedOut, .lastUsed("2 Mar 2026"), .noRequestsThisYear, .daysInYear(days: "23", year: 2026),
      .pending(days: "2"), .since("2020-01-01"), .noOneMatches, .all, .profileSaved, .photoTooLarge(megabytes: 20),
      .choosePhotoFormat, .photoChanged, .unread(3), .enterServerAddress, .wrongCredentials, .sendIt,
      .notSentOnRequest, .confirmBulk(approve: true, count: 3), .confirmBulk(approve: false, count: 1),
      .bulkDone(approve: true, done: 2, refusals: []), .bulkDone(approve: false, done: 1, refusals: ["Eva: approved."]),
    ]
  }
}
