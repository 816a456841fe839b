/// What the presence section says: its notification kind, the "Where" page, the map.
public enum PresenceText: CatalogueMessage, Hashable {
  /// The notification kind's name in Settings.
  case mateCheckIns
  /// A mate's check-in, as a notice, a mail's subject or a push.
  case mateCheckedIn(name: String, building: String)
  /// Where the check-in is, under its title.
  case mateCheckedInDetail(building: String, campus: String)
  /// Several mates' check-ins pushed as one.
  case matesCheckedIn(Int)
  /// The "Where" page's title.
  case whereTitle
  /// My open check-in.
  case youAreAt(building: String, since: String)
  case notCheckedIn
  case checkIn
  case checkOut
  case checkedOut
  /// How close a fix puts the person to a building.
  case inside
  case possiblyInside
  case nearby
  case metresAway(Int)
  case noPositionYet
  /// The browser or device refused, or could not get, a position.
  case positionRefused
  case noBuildingsNearby
  /// A check-in kept offline, sent later while its position is fresh.
  case checkInQueued
  /// A mate's latest check-in: open now, or earlier.
  case mateIsAt(building: String, since: String)
  case mateWasAt(building: String, at: String)
  case noMatesToShow
  case myMates
  case addToMates
  case removeFromMates
  case addedToMates(String)
  case map
  case sharingTitle
  case sharingHelp
  case sharingOff
  case sharingMates
  case sharingEveryone
  case automaticCheckIn
  case automaticHelp
  case todayCounts
  case peopleToday(Int)
  case campuses
  case buildings
  case campusLocation
  case radius
  /// The command line: a building or a person it could not pick.
  case noBuildingCalled(String)
  case severalBuildingsCalled(String, [String])
  case noPersonCalled(String)
  case severalPeopleCalled(String, [String])
  /// `atrium where NAME` for someone hidden and someone who never checked in alike.
  case nothingToShowFor(String)
  case positionFormat(String)
  case removedFromMates(String)
  /// How long ago, roughly.
  case minutesAgo(Int)
  case mapOf(String)
  case findNearMe
  case checkInWithoutPosition
  case addMatesHint
  case checkInWithoutPositionPolicy
  case name
  case timeZone
  case latitude
  case longitude
  case address
  case floors
  case add
  case save
  case remove

  public var id: String { "presence." + caseName }

  public func text(in language: Language) -> String {
    let es = language == .es
    switch self {
    case .mateCheckIns: return es ? "Un compañero llega a la oficina" : "A mate checked in"
    case .mateCheckedIn(let name, let building):
      return es ? "\(name) está en \(building)" : "\(name) checked in at \(building)"
    case .mateCheckedInDetail(let building, let campus):
      return es
        ? "\(building), \(campus). Lo ves porque comparte su presencia contigo."
        : "\(building), \(campus). You see this because they share their presence with you."
    case .matesCheckedIn(let count):
      if count == 1 { return es ? "Un compañero ha llegado a la oficina" : "A mate checked in" }
      return es ? "\(count) compañeros han llegado a la oficina" : "\(count) mates checked in"
    case .whereTitle: return es ? "Dónde" : "Where"
    case .youAreAt(let building, let since):
      return es ? "Estás en \(building) desde \(since)" : "You are at \(building) since \(since)"
    case .notCheckedIn: return es ? "No has fichado en ninguna oficina." : "You are not checked in."
    case .checkIn: return es ? "Fichar aquí" : "Check in"
    case .checkOut: return es ? "Salir" : "Check out"
    case .checkedOut: return es ? "Has salido." : "You checked out."
    case .inside: return es ? "Estás dentro" : "You are inside"
    case .possiblyInside: return es ? "Puede que estés dentro" : "You may be inside"
    case .nearby: return es ? "Cerca" : "Nearby"
    case .metresAway(let metres): return es ? "a \(metres) m" : "\(metres) m away"
    case .noPositionYet:
      return es
        ? "Comparte tu ubicación para ver los edificios cercanos."
        : "Share your location to see the buildings near you."
    case .positionRefused:
      return es
        ? "No se ha podido saber dónde estás (permiso denegado o sin señal). Puedes fichar sin ubicación si tu empresa lo permite."
        : "Your position is not available (permission refused or no signal). You can check in without it where your company allows."
    case .noBuildingsNearby: return es ? "No hay ningún edificio cerca." : "No building is near you."
    case .checkInQueued:
      return es
        ? "Guardado: se enviará al volver la conexión, si tu posición sigue siendo reciente."
        : "Kept: it is sent when you are back online, if your position is still fresh."
    case .mateIsAt(let building, let since):
      return es ? "En \(building) desde \(since)" : "At \(building) since \(since)"
    case .mateWasAt(let building, let at): return es ? "Estuvo en \(building) (\(at))" : "Was at \(building) (\(at))"
    case .noMatesToShow:
      return es
        ? "Ninguno de tus compañeros comparte dónde está contigo."
        : "None of your mates shares where they are with you."
    case .myMates: return es ? "Mis compañeros" : "My mates"
    case .addToMates: return es ? "Añadir a mis compañeros" : "Add to my mates"
    case .removeFromMates: return es ? "Quitar de mis compañeros" : "Remove from my mates"
    case .addedToMates(let name): return es ? "\(name) está en tus compañeros." : "\(name) is one of your mates."
    case .map: return es ? "Mapa" : "Map"
    case .sharingTitle: return es ? "Compartir dónde estoy" : "Sharing where I am"
    case .sharingHelp:
      return es
        ? "Solo se comparte la oficina en la que fichas, nunca tu posición. Tus responsables y los administradores no la ven."
        : "Only the office you check in at is shared, never your position. Your managers and the admins do not see it."
    case .sharingOff: return es ? "Con nadie" : "With nobody"
    case .sharingMates:
      return es
        ? "Con los compañeros que me han añadido y a los que he añadido" : "With mates who added me and whom I added"
    case .sharingEveryone: return es ? "Con todos" : "With everyone"
    case .automaticCheckIn: return es ? "Fichar automáticamente con mi móvil" : "Check in automatically from my phone"
    case .automaticHelp:
      return es
        ? "Tu móvil ficha al entrar en un edificio y sale al alejarte."
        : "Your phone checks you in when you enter a building and out when you leave."
    case .todayCounts: return es ? "Hoy en cada edificio" : "Today in each building"
    case .peopleToday(let count): return es ? "\(count) personas" : (count == 1 ? "1 person" : "\(count) people")
    case .campuses: return es ? "Sedes" : "Campuses"
    case .buildings: return es ? "Edificios" : "Buildings"
    case .campusLocation: return es ? "Ubicación de la empresa" : "Company location"
    case .radius: return es ? "Radio (m)" : "Radius (m)"
    case .noBuildingCalled(let name):
      return es ? "Ningún edificio se llama «\(name)»." : "No building is called “\(name)”."
    case .severalBuildingsCalled(let name, let names):
      return (es ? "Varios edificios encajan con «\(name)»: " : "Several buildings match “\(name)”: ")
        + names.joined(separator: ", ")
    case .noPersonCalled(let name): return es ? "Nadie se llama «\(name)»." : "Nobody is called “\(name)”."
    case .severalPeopleCalled(let name, let names):
      return (es ? "Varias personas encajan con «\(name)»: " : "Several people match “\(name)”: ")
        + names.joined(separator: ", ")
    case .nothingToShowFor(let name):
      return es
        ? "No hay nada que mostrar de \(name): no comparte contigo dónde está o no ha fichado."
        : "Nothing to show for \(name): they do not share where they are with you, or have not checked in."
    case .positionFormat(let text):
      return es
        ? "«\(text)» no es una posición: escribe LATITUD,LONGITUD[,PRECISIÓN_M], como 40.4531,-3.6883,20."
        : "“\(text)” is not a position: write LAT,LON[,ACCURACY_M], such as 40.4531,-3.6883,20."
    case .minutesAgo(let minutes):
      if minutes < 1 { return es ? "ahora" : "just now" }
      if minutes < 60 { return es ? "hace \(minutes) min" : "\(minutes) min ago" }
      if minutes < 48 * 60 { return es ? "hace \(minutes / 60) h" : "\(minutes / 60) h ago" }
      return es ? "hace \(minutes / 1440) días" : "\(minutes / 1440) days ago"
    case .mapOf(let campus): return es ? "Mapa de \(campus)" : "Map of \(campus)"
    case .findNearMe: return es ? "Buscar edificios cerca de mí" : "Find buildings near me"
    case .checkInWithoutPosition: return es ? "Fichar sin ubicación" : "Check in without a position"
    case .addMatesHint:
      return es
        ? "Añade compañeros desde su página en el directorio («Añadir a mis compañeros»)."
        : "Add mates from their page in the directory (“Add to my mates”)."
    case .checkInWithoutPositionPolicy:
      return es
        ? "Permitir fichar sin ubicación en los edificios de la sede de cada persona"
        : "Allow checking in without a position at the buildings of each person's campuses"
    case .name: return es ? "Nombre" : "Name"
    case .timeZone: return es ? "Zona horaria" : "Time zone"
    case .latitude: return es ? "Latitud" : "Latitude"
    case .longitude: return es ? "Longitud" : "Longitude"
    case .address: return es ? "Dirección" : "Address"
    case .floors: return es ? "Plantas (separadas por comas)" : "Floors (comma-separated)"
    case .add: return es ? "Añadir" : "Add"
    case .save: return es ? "Guardar" : "Save"
    case .remove: return es ? "Quitar" : "Remove"
    case .removedFromMates(let name):
      return es ? "\(name) ya no está en tus compañeros." : "\(name) is no longer one of your mates."
    }
  }

  public static var examples: [PresenceText] {
    [
      .mateCheckIns, .mateCheckedIn(name: "Eva Núñez", building: "Madrid — Castellana"),
      .mateCheckedInDetail(building: "Madrid — Castellana", campus: "Madrid"), .matesCheckedIn(1),
      .matesCheckedIn(3), .whereTitle, .youAreAt(building: "Madrid — Cuzco", since: "09:00"), .notCheckedIn,
      .checkIn, .checkOut, .checkedOut, .inside, .possiblyInside, .nearby, .metresAway(40), .noPositionYet,
      .positionRefused, .noBuildingsNearby, .checkInQueued, .mateIsAt(building: "Madrid — Cuzco", since: "09:00"),
      .mateWasAt(building: "Madrid — Cuzco", at: "1 Mar 2026, 09:00"), .noMatesToShow, .myMates, .addToMates,
      .removeFromMates, .addedToMates("Eva Núñez"), .map, .sharingTitle, .sharingHelp, .sharingOff, .sharingMates,
      .sharingEveryone, .automaticCheckIn, .automaticHelp, .todayCounts, .peopleToday(1), .peopleToday(3), .campuses,
      .buildings, .campusLocation, .radius, .noBuildingCalled("Atocha"),
      .severalBuildingsCalled("Madrid", ["Madrid — Castellana", "Madrid — Cuzco"]), .noPersonCalled("Zoe"),
      .severalPeopleCalled("Eva", ["Eva Fernández", "Eva Núñez"]), .nothingToShowFor("Lucía García"),
      .positionFormat("north"), .removedFromMates("Eva Núñez"), .minutesAgo(0), .minutesAgo(5), .minutesAgo(130),
      .minutesAgo(4000), .mapOf("Madrid"), .findNearMe, .checkInWithoutPosition, .addMatesHint,
      .checkInWithoutPositionPolicy, .name, .timeZone, .latitude, .longitude, .address, .floors, .add, .save, .remove,
    ]
  }
}
