/// The words around a mail's news: the greeting, the button, and why the mail came.
public enum MailText: CatalogueMessage, Hashable {
  case greeting(name: String)
  case openInAtrium
  /// Why the reader gets this kind of mail, and where to change it.
  case whyThisMail
  case changeInSettings

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
    }
  }

  public static var examples: [MailText] {
    [.greeting(name: "Eva"), .openInAtrium, .whyThisMail, .changeInSettings]
  }
}
