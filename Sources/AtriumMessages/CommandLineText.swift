/// What the command line says on its own: usage, mistakes in a command, and what happened
/// to changes saved offline.
public enum CommandLineText: CatalogueMessage, Hashable {
  case usage
  /// The usage under a title, for `--help`.
  case clientCommands
  case notSignedIn
  case refusedSavedChanges(Int)
  case unknownStatus(String)
  case whichRequest(command: String)
  case boardReadNeedsID
  case monthFormat(String)
  case unknownCommand(String)
  case yearFormat(String)
  case leaveRequestUsage
  case startHalfValues
  case endHalfValues
  case jsonRequestsNeedYes
  case leaveCancelUsage
  case unknownLeaveCommand
  case nothingEntered
  case giveTheServer
  case giveCredentials
  case offlineAddYes
  case showingSavedCopy
  case signedIn(server: String, name: String)
  case manager(String)
  case changesWaiting(Int)
  case sentSavedChanges(Int)
  case notSentSavedChange(String)
  case usernamePrompt
  case passwordPrompt
  case passwordUsage
  case emailPrompt
  case accountUsage

  public var id: String { "cli." + caseName }

  public func text(in language: Language) -> String {
    let es = language == .es
    switch self {
    case .usage:
      return """
          atrium login [--server URL] [--username U] [--password-stdin]
          atrium logout | me | company
          atrium leave [--year Y]
          atrium leave request START END [--start-half afternoon] [--end-half morning] [--note TEXT] [--yes]
          atrium leave cancel ID
          atrium approvals [--status pending|approved|rejected|cancelled|all]
          atrium approve ID [ID ...] | reject ID [ID ...] [--reason TEXT] | reopen ID [--reason TEXT]
          atrium board [--unread] | board read ID
          atrium team [QUERY] | calendar [--month YYYY-MM]
          atrium password forgot [--server URL] [--email ADDRESS]
          atrium account delete [--email ADDRESS] [--password-stdin]
          atrium checkin [BUILDING] [--at LAT,LON[,ACCURACY_M]] | checkout
          atrium mates | mates add NAME | mates remove NAME | where NAME
          atrium tasks [--filter pending|done|assigned] | task add TITLE [--due DATE] | task done ID | task rm ID
          atrium task edit ID [--title T] [--notes N] [--due DATE] | task resolve ID [FIELD] --keep mine|theirs
          atrium sensors [--building ID] [--kind co2|temperature|humidity|noise] | sensor ID
          atrium sensors register NAME --room ROOM --kinds co2,temperature [--building ID] [--credentials FILE]
          atrium sensors simulate [--credentials FILE] [--new-passwords] [--sensor ID,ID] [--co2 PPM] [--once]
          atrium rules [--sensor ID] | rule follow ID | rule unfollow ID
          atrium rule add TEMPLATE --sensor ID|--room ID|--building ID [--threshold N] [--cooldown S] [--for S]
        """
          + (es
            ? "\nTodas las órdenes admiten --json. El servidor sale de --server, ATRIUM_SERVER o el último inicio de sesión."
            : "\nEvery command takes --json. The server comes from --server, ATRIUM_SERVER, or the last sign-in.")
    case .clientCommands:
      return (es ? "Órdenes del cliente:\n" : "Client commands:\n") + CommandLineText.usage.text(in: language)
    case .notSignedIn:
      return es
        ? "no has iniciado sesión: ejecuta atrium login --server URL" : "not signed in: run atrium login --server URL"
    case .refusedSavedChanges(let count):
      return es
        ? "el servidor rechazó \(count) cambio(s) guardados sin conexión (ver arriba)"
        : "the server refused \(count) change(s) saved while offline (said above)"
    case .unknownStatus(let text): return es ? "estado desconocido \(text)" : "unknown status \(text)"
    case .whichRequest(let command):
      return es ? "¿qué solicitud? atrium \(command) ID" : "which request? atrium \(command) ID"
    case .boardReadNeedsID: return es ? "atrium board read ID (falta el ID)" : "atrium board read ID"
    case .monthFormat(let text): return es ? "--month espera AAAA-MM, no \(text)" : "--month takes YYYY-MM, got \(text)"
    case .unknownCommand(let command):
      return (es ? "orden desconocida \(command)" : "unknown command \(command)") + "\n\n"
        + CommandLineText.usage.text(in: language)
    case .yearFormat(let text): return es ? "--year espera un año, no \(text)" : "--year takes a year, got \(text)"
    case .leaveRequestUsage:
      return es
        ? "atrium leave request INICIO FIN (fechas AAAA-MM-DD)" : "atrium leave request START END (dates as YYYY-MM-DD)"
    case .startHalfValues: return es ? "--start-half es full o afternoon" : "--start-half is full or afternoon"
    case .endHalfValues: return es ? "--end-half es full o morning" : "--end-half is full or morning"
    case .jsonRequestsNeedYes: return es ? "las solicitudes con --json necesitan --yes" : "--json requests need --yes"
    case .leaveCancelUsage: return es ? "atrium leave cancel ID (falta el ID)" : "atrium leave cancel ID"
    case .unknownLeaveCommand:
      return (es ? "orden de ausencias desconocida" : "unknown leave command") + "\n\n"
        + CommandLineText.usage.text(in: language)
    case .nothingEntered: return es ? "no se ha escrito nada" : "nothing entered"
    case .giveTheServer:
      return es
        ? "indica el servidor: --server http://host:puerto (o ATRIUM_SERVER)"
        : "give the server: --server http://host:port (or ATRIUM_SERVER)"
    case .giveCredentials: return es ? "indica un usuario y una contraseña" : "give a username and a password"
    case .offlineAddYes:
      return es
        ? "sin conexión: añade --yes para guardar la solicitud y enviarla luego"
        : "offline: add --yes to save the request and send it later"
    case .showingSavedCopy:
      return es ? "Sin conexión: se muestra la última copia guardada." : "Offline: showing the last saved copy."
    case .signedIn(let server, let name):
      return es ? "Sesión iniciada en \(server) como \(name)." : "Signed in to \(server) as \(name)."
    case .manager(let name): return es ? "Responsable: \(name)" : "Manager: \(name)"
    case .changesWaiting(let count):
      return es ? "\(count) cambio(s) esperando para enviarse." : "\(count) change(s) waiting to be sent."
    case .sentSavedChanges(let count):
      return es
        ? "Se enviaron \(count) cambio(s) guardados sin conexión." : "Sent \(count) change(s) saved while offline."
    case .usernamePrompt: return es ? "Usuario: " : "Username: "
    case .passwordPrompt: return es ? "Contraseña: " : "Password: "
    case .passwordUsage:
      return es
        ? "atrium password forgot [--server URL] [--email CORREO]: un enlace por correo para elegir una contraseña nueva"
        : "atrium password forgot [--server URL] [--email ADDRESS]: a link by mail to choose a new password"
    case .emailPrompt: return es ? "Correo de tu cuenta: " : "Your account's mail address: "
    case .accountUsage:
      return es
        ? "atrium account delete [--email CORREO] [--password-stdin]: borra tu cuenta (pide tu correo y tu contraseña)"
        : "atrium account delete [--email ADDRESS] [--password-stdin]: deletes your account (asks your e-mail and password)"
    case .notSentSavedChange(let reason):
      return es ? "No enviado (guardado sin conexión): \(reason)" : "Not sent (saved while offline): \(reason)"
    }
  }

  public static var examples: [CommandLineText] {
    [
      .usage, .clientCommands, .notSignedIn, .refusedSavedChanges(2), .unknownStatus("maybe"),
      .whichRequest(command: "approve"),
      .boardReadNeedsID, .monthFormat("soon"), .unknownCommand("fly"), .yearFormat("soon"), .leaveRequestUsage,
      .startHalfValues, .endHalfValues, .jsonRequestsNeedYes, .leaveCancelUsage, .unknownLeaveCommand,
      .nothingEntered, .giveTheServer, .giveCredentials, .offlineAddYes, .showingSavedCopy,
      .signedIn(server: "https://atrium.example.com", name: "Eva"), .manager("Mario"), .changesWaiting(2),
      .sentSavedChanges(2), .notSentSavedChange("overlap"), .usernamePrompt, .passwordPrompt, .passwordUsage,
      .accountUsage,
      .emailPrompt,
    ]
  }
}
