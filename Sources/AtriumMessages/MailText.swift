/// The words around a mail's news: the greeting, the button, and why the mail came.
public enum MailText: CatalogueMessage, Hashable {
  case greeting(name: String)
  case openInAtrium
  /// Why the reader gets this kind of mail, and where to change it.
  case whyThisMail
  case changeInSettings
  case resetSubject
  case resetBody(minutes: Int)
  case resetAction
  case resetReason
  case resetDirectorySubject
  case resetDirectoryBody
  case invitationSubject(company: String)
  case invitationBody(admin: String, username: String, days: Int)
  case invitationAction
  case invitationReason
  /// Self sign-up: the confirmation, and the note to an address that already has an account.
  case signUpSubject(company: String)
  case signUpBody(username: String, days: Int)
  case signUpAction
  case signUpReason
  case alreadyHaveAccountSubject
  case alreadyHaveAccountBody(username: String)
  case alreadyHaveAccountAction
  /// Changing one's address: the confirmation to the new one, the notice to the old.
  case emailChangeSubject
  case emailChangeBody(hours: Int)
  case emailChangeAction
  case emailChangeReason
  case emailChangedSubject
  case emailChangedBody(newAddress: String)
  /// The link in a notification's footer that stops its kind by mail.
  case stopMails(kind: String)
  /// The page that link opens, before and after.
  case stopMailsQuestion(kind: String)
  case stopMailsExplained
  case stopMailsButton
  case mailsStopped(kind: String)

  public var id: String { "mail." + caseName }

  public func text(in language: Language) -> String {
    let es = language == .es
    switch self {
    case .greeting(let name): return es ? "Hola, \(name):" : "Hello \(name),"
    case .openInAtrium: return es ? "Abrir en Atrium" : "Open in Atrium"
    case .whyThisMail:
      return es
        ? "Recibes este correo porque tienes activados estos avisos por correo en Atrium."
        : "You get this mail because these notifications are on for mail in Atrium."
    case .changeInSettings: return es ? "Cambiar mis avisos" : "Change my notifications"
    case .resetSubject: return es ? "Elige una contraseña nueva para Atrium" : "Choose a new password for Atrium"
    case .resetBody(let minutes):
      return es
        ? "Alguien, seguramente tú, ha pedido restablecer la contraseña de tu cuenta de Atrium. El enlace sirve una vez, durante los próximos \(minutes) minutos."
        : "Someone, probably you, asked to reset the password of your Atrium account. The link works once, for the next \(minutes) minutes."
    case .resetAction: return es ? "Elegir una contraseña nueva" : "Choose a new password"
    case .resetReason:
      return es
        ? "Recibes este correo porque alguien ha pedido restablecer tu contraseña de Atrium. Si no has sido tú, ignóralo: tu contraseña no cambia."
        : "You get this mail because someone asked to reset your Atrium password. If it was not you, ignore it: your password stays as it is."
    case .invitationSubject(let company):
      return es ? "Te damos la bienvenida a Atrium de \(company)" : "Welcome to \(company)'s Atrium"
    case .invitationBody(let admin, let username, let days):
      return es
        ? "\(admin) te ha invitado. Tu usuario es \(username); elige tu contraseña con el enlace, que sirve una vez durante \(days) días."
        : "\(admin) invited you. Your username is \(username); choose your password with the link, which works once for \(days) days."
    case .invitationAction: return es ? "Elegir mi contraseña" : "Choose my password"
    case .invitationReason:
      return es
        ? "Recibes este correo porque un administrador te ha dado una cuenta en Atrium."
        : "You get this mail because an administrator gave you an account in Atrium."
    case .signUpSubject(let company):
      return es ? "Confirma tu cuenta de Atrium de \(company)" : "Confirm your account at \(company)'s Atrium"
    case .signUpBody(let username, let days):
      return es
        ? "Confirma tu correo con el enlace, que sirve una vez durante \(days) días; después entra con el usuario \(username) o con este correo."
        : "Confirm your address with the link, which works once for \(days) days; then sign in as \(username) or with this address."
    case .signUpAction: return es ? "Confirmar mi correo" : "Confirm my address"
    case .signUpReason:
      return es
        ? "Recibes este correo porque alguien creó una cuenta de Atrium con esta dirección. Si no fuiste tú, ignóralo: sin confirmar, la cuenta se borra sola."
        : "You get this mail because someone signed up to Atrium with this address. If it was not you, ignore it: unconfirmed, the account is removed by itself."
    case .alreadyHaveAccountSubject: return es ? "Ya tienes una cuenta de Atrium" : "You already have an Atrium account"
    case .alreadyHaveAccountBody(let username):
      return es
        ? "Alguien intentó crear una cuenta con esta dirección, pero ya tienes una: tu usuario es \(username). Si no recuerdas la contraseña, puedes elegir otra desde la página de entrada."
        : "Someone tried to sign up with this address, but you already have an account: your username is \(username). If you forgot your password, you can choose a new one from the sign-in page."
    case .alreadyHaveAccountAction: return es ? "Entrar en Atrium" : "Sign in to Atrium"
    case .emailChangeSubject: return es ? "Confirma tu nuevo correo de Atrium" : "Confirm your new Atrium address"
    case .emailChangeBody(let hours):
      return es
        ? "Pediste que Atrium use esta dirección. Confírmala con el enlace, que sirve una vez durante \(hours) horas."
        : "You asked Atrium to use this address. Confirm it with the link, which works once for \(hours) hours."
    case .emailChangeAction: return es ? "Usar esta dirección" : "Use this address"
    case .emailChangeReason:
      return es
        ? "Recibes este correo porque alguien pidió cambiar a esta dirección una cuenta de Atrium. Si no fuiste tú, ignóralo."
        : "You get this mail because someone asked to move an Atrium account to this address. If it was not you, ignore it."
    case .emailChangedSubject: return es ? "Tu correo de Atrium ha cambiado" : "Your Atrium address was changed"
    case .emailChangedBody(let newAddress):
      return es
        ? "Atrium te escribirá desde ahora a \(newAddress). Si no lo pediste tú, avisa enseguida a un administrador."
        : "From now on Atrium writes to \(newAddress). If you did not ask for it, tell an administrator at once."
    case .stopMails(let kind):
      return es ? "No recibir más correos de «\(kind)»" : "Stop mails about “\(kind)”"
    case .stopMailsQuestion(let kind):
      return es ? "¿Dejar de recibir correos de «\(kind)»?" : "Stop mails about “\(kind)”?"
    case .stopMailsExplained:
      return es
        ? "Seguirás viéndolos en Atrium. Puedes volver a activarlos en Ajustes cuando quieras."
        : "You will still see them in Atrium. You can turn them on again in Settings at any time."
    case .stopMailsButton: return es ? "No recibir más estos correos" : "Stop these mails"
    case .mailsStopped(let kind):
      return es ? "Hecho: no recibirás más correos de «\(kind)»." : "Done: no more mails about “\(kind)”."
    case .resetDirectorySubject:
      return es
        ? "Tu contraseña de Atrium es la del directorio de la empresa"
        : "Your Atrium password is your company directory's"
    case .resetDirectoryBody:
      return es
        ? "Alguien ha pedido restablecer la contraseña de tu cuenta de Atrium, pero entras con la cuenta de la empresa (el directorio): cámbiala como indique tu empresa; Atrium no guarda una propia."
        : "Someone asked to reset the password of your Atrium account, but you sign in with your company account (the directory): change that password the way your company does; Atrium keeps none of its own."
    }
  }

  public static var examples: [MailText] {
    [
      .greeting(name: "Eva"), .openInAtrium, .whyThisMail, .changeInSettings, .resetSubject, .resetBody(minutes: 60),
      .resetAction, .resetReason, .resetDirectorySubject, .resetDirectoryBody,
      .invitationSubject(company: "Atrium Demo S.L."), .invitationBody(admin: "Ana García", username: "nuria", days: 7),
      .invitationAction, .invitationReason, .signUpSubject(company: "Atrium Demo S.L."),
      .signUpBody(username: "nora", days: 2), .signUpAction, .signUpReason, .alreadyHaveAccountSubject,
      .alreadyHaveAccountBody(username: "eva"), .alreadyHaveAccountAction, .emailChangeSubject,
      .emailChangeBody(hours: 24), .emailChangeAction, .emailChangeReason, .emailChangedSubject,
      .emailChangedBody(newAddress: "eva.f@atrium-demo.example"), .stopMails(kind: "Company notices"),
      .stopMailsQuestion(kind: "Company notices"), .stopMailsExplained, .stopMailsButton,
      .mailsStopped(kind: "Company notices"),
    ]
  }
}
