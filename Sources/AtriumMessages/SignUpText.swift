/// What the sign-up pages say.
public enum SignUpText: CatalogueMessage, Hashable {
  case createAccount
  case help(domains: [String])
  case phoneHelp
  case submit
  /// The answer for any allowed address.
  case sent(email: String, days: Int)
  case resendTitle
  case resendButton
  case confirmTitle
  case confirmHelp(username: String)
  /// The admin's form.
  case settingsTitle
  case settingsHelp
  case domainsLabel

  public var id: String { "sign-up." + caseName }

  public func text(in language: Language) -> String {
    let es = language == .es
    switch self {
    case .createAccount: return es ? "Crear una cuenta" : "Create an account"
    case .help(let domains):
      let list = domains.map { "@" + $0 }.joined(separator: ", ")
      return es
        ? "Para quienes tienen un correo de \(list). Te enviaremos un enlace para confirmarlo."
        : "For people with an address at \(list). We will mail you a link to confirm it."
    case .phoneHelp: return es ? "Con el prefijo del país: +34 600 123 456" : "With the country prefix: +34 600 123 456"
    case .submit: return es ? "Crear mi cuenta" : "Create my account"
    case .sent(let email, let days):
      return es
        ? "Mira tu correo: va de camino a \(email) un enlace para confirmar la dirección, que sirve durante \(days) días."
        : "Check your mail: a link to confirm your address is on its way to \(email); it works for \(days) days."
    case .resendTitle:
      return es ? "¿Ya te registraste? Te enviamos el enlace otra vez" : "Already signed up? Get the link again"
    case .resendButton: return es ? "Enviar el enlace otra vez" : "Send the link again"
    case .confirmTitle: return es ? "Confirma tu correo" : "Confirm your address"
    case .confirmHelp(let username):
      return es
        ? "Tu usuario es \(username); también puedes entrar con tu correo."
        : "Your username is \(username); you can also sign in with your address."
    case .settingsTitle: return es ? "Registro por cuenta propia" : "Self sign-up"
    case .settingsHelp:
      return es
        ? "Quien tenga un correo de estos dominios puede crearse una cuenta, que confirma por correo. Déjalo vacío para cerrarlo."
        : "People with an address at these domains may create their own account, confirmed by mail. Leave it empty to close it."
    case .domainsLabel: return es ? "Dominios de correo, separados por comas" : "Mail domains, separated by commas"
    }
  }

  public static var examples: [SignUpText] {
    [
      .createAccount, .help(domains: ["atrium-demo.example"]), .phoneHelp, .submit,
      .sent(email: "nora@atrium-demo.example", days: 2), .resendTitle, .resendButton, .confirmTitle,
      .confirmHelp(username: "nora"), .settingsTitle, .settingsHelp, .domainsLabel,
    ]
  }
}
