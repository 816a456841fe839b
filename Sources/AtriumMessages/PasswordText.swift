import AtriumDomain

/// What the password pages say: the company's rule in the label, and each refusal as a whole
/// sentence next to the field.
public enum PasswordText: CatalogueMessage, Hashable {
  case newPassword(minimum: Int)
  case repeatNew
  case repeatDiffers
  case mustDiffer
  case length(minimum: Int, maximum: Int)
  case common
  /// The admin's field for the company's rule.
  case minimumLabel
  /// How imported people, who have no password, will sign in.
  case importedSignIn
  case forgotLink
  case forgotTitle
  case forgotHelp
  case sendLink
  case linkSent(minutes: Int)
  case chooseTitle
  case passwordSet
  case askAgain
  case welcome(String)
  case yourUsername(String)

  public var id: String { "password." + caseName }

  public func text(in language: Language) -> String {
    let es = language == .es
    switch self {
    case .newPassword(let minimum):
      return es ? "Contraseña nueva (al menos \(minimum) caracteres)" : "New password (at least \(minimum) characters)"
    case .repeatNew: return es ? "Repite la contraseña nueva" : "Repeat the new password"
    case .repeatDiffers:
      return es ? "Las dos contraseñas nuevas no coinciden." : "The two new passwords are not the same."
    case .mustDiffer:
      return es ? "Elige una contraseña distinta de la actual." : "Choose a password different from the current one."
    case .length(let minimum, let maximum):
      return es ? "Usa de \(minimum) a \(maximum) caracteres." : "Use \(minimum) to \(maximum) characters."
    case .common:
      return es
        ? "Es una de las contraseñas más usadas y fáciles de adivinar; elige otra."
        : "This is one of the most used passwords, easy to guess; choose another."
    case .minimumLabel: return es ? "Longitud mínima de las contraseñas" : "Shortest password (characters)"
    case .importedSignIn:
      return es
        ? "Las personas importadas no tienen contraseña: entran con el directorio de la empresa o cuando un administrador restablece su contraseña y les da la temporal."
        : "Imported people have no password: they sign in through the company directory, or once an admin resets their password and gives them the temporary one."
    case .forgotLink: return es ? "¿Has olvidado la contraseña?" : "Forgot your password?"
    case .forgotTitle: return es ? "Contraseña olvidada" : "Forgotten password"
    case .forgotHelp:
      return es
        ? "Escribe el correo de tu cuenta de Atrium: te enviaremos un enlace para elegir una contraseña nueva."
        : "Write the mail address of your Atrium account: we will send it a link to choose a new password."
    case .sendLink: return es ? "Enviar el enlace" : "Send the link"
    case .linkSent(let minutes):
      return es
        ? "Si una cuenta de Atrium tiene este correo, le llega un mensaje con un enlace. El enlace sirve durante \(minutes) minutos."
        : "If an Atrium account has this address, a mail with a link is on its way. The link works for \(minutes) minutes."
    case .chooseTitle: return es ? "Elige una contraseña nueva" : "Choose a new password"
    case .passwordSet:
      return es
        ? "Tu contraseña ha cambiado y todas tus sesiones se han cerrado. Entra con la nueva."
        : "Your password is changed, and every session of yours has ended. Sign in with the new one."
    case .askAgain: return es ? "Pedir otro enlace" : "Ask for a new link"
    case .welcome(let name): return es ? "Te damos la bienvenida, \(name)" : "Welcome, \(name)"
    case .yourUsername(let username):
      return es
        ? "Tu usuario es \(username). Elige tu contraseña para entrar en Atrium."
        : "Your username is \(username). Choose your password to sign in to Atrium."
    }
  }

  /// A field's refusal on a password page, as a sentence; nil for one this page does not word.
  public static func sentence(for rule: FieldRule) -> PasswordText? {
    switch rule {
    case .differentFromCurrent: .mustDiffer
    case .charactersBetween(let minimum, let maximum): .length(minimum: minimum, maximum: maximum)
    case .commonPassword: .common
    default: nil
    }
  }

  public static var examples: [PasswordText] {
    [
      .newPassword(minimum: 8), .repeatNew, .repeatDiffers, .mustDiffer, .length(minimum: 8, maximum: 128), .common,
      .minimumLabel, .importedSignIn, .forgotLink, .forgotTitle, .forgotHelp, .sendLink, .linkSent(minutes: 60),
      .chooseTitle, .passwordSet, .askAgain, .welcome("Nuria"), .yourUsername("nuria"),
    ]
  }
}
