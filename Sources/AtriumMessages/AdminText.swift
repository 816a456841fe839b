import AtriumDomain

/// What the administration pages say beyond their labels: confirmations of what a form did.
public enum AdminText: CatalogueMessage, Hashable {
  /// Said with a temporary password, on the one page that shows it.
  case shownOnce
  /// - Parameter date: the day as the reader writes it.
  case holidayAdded(String, name: String)
  case copyHolidays(from: Int, to: Int)
  case holidaysCopied(copied: Int, skipped: Int, to: Int)

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
    case .copyHolidays(let from, let to):
      return es ? "Copiar los festivos de \(from) a \(to)" : "Copy \(from)'s holidays to \(to)"
    case .holidaysCopied(let copied, let skipped, let to):
      let check =
        es
        ? "Revisa los que cambian de fecha cada año, como la Semana Santa."
        : "Check the ones that move each year, such as Easter."
      if es {
        let done = copied == 1 ? "1 festivo copiado" : "\(copied) festivos copiados"
        let left = skipped == 1 ? "1 ya estaba o no existe" : "\(skipped) ya estaban o no existen"
        return "\(done) a \(to); \(left) ese año. \(check)"
      }
      let done = copied == 1 ? "1 holiday copied" : "\(copied) holidays copied"
      let left =
        skipped == 1 ? "1 was already there or does not exist" : "\(skipped) were already there or do not exist"
      return "\(done) to \(to); \(left) that year. \(check)"
    }
  }

  public static var examples: [AdminText] {
    [
      .shownOnce, .holidayAdded("15 May 2026", name: "San Isidro"), .copyHolidays(from: 2026, to: 2027),
      .holidaysCopied(copied: 9, skipped: 1, to: 2027),
    ]
  }
}
