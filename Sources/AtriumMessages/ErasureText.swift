/// What deleting an account says: the page that asks, and the notices it leaves.
public enum ErasureText: CatalogueMessage, Hashable {
  case deleteMyAccount
  case deleteExplained
  case keptExplained
  case typeYourEmail
  case yourPassword
  case deleteForGood
  case accountDeleted
  /// The notice to the person's manager and the admins.
  case deletedTheirAccount(former: String)
  case erasedBy(admin: String, former: String)
  /// An admin's button and its warning.
  case erasePerson
  case eraseWarning

  public var id: String { "erasure." + caseName }

  public func text(in language: Language) -> String {
    let es = language == .es
    switch self {
    case .deleteMyAccount: return es ? "Borrar mi cuenta" : "Delete my account"
    case .deleteExplained:
      return es
        ? "Se borran tu foto, tu bio, tu teléfono, tus ajustes, tus dispositivos, tus publicaciones y tus sesiones, y ya no podrás entrar."
        : "Your photo, bio, phone, settings, devices, posts and sessions are deleted, and you can no longer sign in."
    case .keptExplained:
      return es
        ? "La empresa debe guardar tus ausencias y las decisiones que tomaste: quedan a nombre de «Antiguo empleado» sin tu nombre, correo ni teléfono."
        : "The company must keep your time off and the decisions you made: they stay under “Former employee”, without your name, e-mail or phone."
    case .typeYourEmail: return es ? "Escribe tu correo para confirmarlo" : "Type your e-mail to confirm"
    case .yourPassword: return es ? "Tu contraseña" : "Your password"
    case .deleteForGood: return es ? "Borrar mi cuenta para siempre" : "Delete my account for good"
    case .accountDeleted: return es ? "Tu cuenta se ha borrado." : "Your account was deleted."
    case .deletedTheirAccount(let former):
      return es
        ? "Una persona borró su cuenta: ahora es \(former); sus ausencias siguen en los registros."
        : "Someone deleted their account: they are now \(former); their time off stays in the records."
    case .erasedBy(let admin, let former):
      return es
        ? "\(admin) borró la cuenta de una persona: ahora es \(former); sus ausencias siguen en los registros."
        : "\(admin) erased a person's account: they are now \(former); their time off stays in the records."
    case .erasePerson: return es ? "Borrar los datos de esta persona" : "Erase this person's data"
    case .eraseWarning:
      return es
        ? "No se puede deshacer: sus datos personales se borran y sus registros quedan como «Antiguo empleado»."
        : "This cannot be undone: their personal data is deleted and their records stay as “Former employee”."
    }
  }

  public static var examples: [ErasureText] {
    [
      .deleteMyAccount, .deleteExplained, .keptExplained, .typeYourEmail, .yourPassword, .deleteForGood,
      .accountDeleted, .deletedTheirAccount(former: "Former employee #1a2b3c4d"),
      .erasedBy(admin: "Ana García", former: "Former employee #1a2b3c4d"), .erasePerson, .eraseWarning,
    ]
  }
}
