import AtriumDomain

/// What the administration pages say beyond their labels: confirmations of what a form did.
public enum AdminText: CatalogueMessage, Hashable {
  /// Said with a temporary password, on the one page that shows it.
  case shownOnce
  /// - Parameter date: the day as the reader writes it.
  case holidayAdded(String, name: String)

  public var id: String { "admin." + caseName }

  public func text(in language: Language) -> String {
    let es = language == .es
    switch self {
    case .shownOnce:
      return es
        ? "Se muestra solo esta vez: apúntala ahora; al recargar la página no volverá a aparecer."
        : "It is shown this once: note it now; reloading the page will not show it again."
    case .holidayAdded(let date, let name):
      return es ? "Festivo añadido: \(date), \(name)." : "Holiday added: \(date), \(name)."
    }
  }

  public static var examples: [AdminText] {
    [.shownOnce, .holidayAdded("15 May 2026", name: "San Isidro")]
  }
}
