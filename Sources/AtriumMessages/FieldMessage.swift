import AtriumDomain

/// Why a field was refused, in the reader's language (after the field's name: `end` + `must
/// not be before start`).
public struct FieldMessage: CatalogueMessage {
  public let rule: FieldRule

  public init(_ rule: FieldRule) {
    self.rule = rule
  }

  public var id: String {
    switch rule {
    case .required: "field.required"
    case .notBeforeStart: "field.not-before-start"
    case .noonToNoonOnOneDay: "field.noon-to-noon"
    case .withinDaysOfStart: "field.within-days-of-start"
    case .atMostCharacters: "field.at-most-characters"
    case .charactersBetween: "field.characters-between"
    case .notAnActiveLeaveType: "field.not-an-active-leave-type"
    case .controlCharacters: "field.control-characters"
    case .invalidPercentEncoding: "field.invalid-percent-encoding"
    case .unknownCursor: "field.unknown-cursor"
    case .tooLong: "field.too-long"
    case .date: "field.date"
    case .uuid: "field.uuid"
    case .halfDayStep: "field.half-day-step"
    case .number: "field.number"
    case .wrongType: "field.wrong-type"
    case .notValidJSON: "field.not-valid-json"
    case .unknownValue: "field.unknown-value"
    case .tooLarge: "field.too-large"
    case .notNull: "field.not-null"
    case .numberTooLarge: "field.number-too-large"
    case .notEmpty: "field.not-empty"
    case .email: "field.email"
    case .phoneWithCountryPrefix: "field.phone"
    case .webAddress: "field.web-address"
    case .differentFromCurrent: "field.different-from-current"
    case .notRight: "field.not-right"
    case .bytesBetween: "field.bytes-between"
    case .notA(let kind): "field.not-a-\(kind.rawValue)"
    case .wholeNumberBetween: "field.whole-number-between"
    case .yearBetween: "field.year-between"
    case .month: "field.month"
    case .trueOrFalse: "field.true-or-false"
    case .photoVersion: "field.photo-version"
    case .notAccepted: "field.not-accepted"
    case .daysBetween: "field.days-between"
    case .yearAtLeast: "field.year-at-least"
    case .yearAtMost: "field.year-at-most"
    case .defaultTypeStaysActive: "field.default-type-stays-active"
    case .defaultTypeCannotBeUnset: "field.default-type-cannot-be-unset"
    case .timeZone: "field.time-zone"
    case .weekdayNumbers: "field.weekday-numbers"
    case .oneWorkingDay: "field.one-working-day"
    case .instant: "field.instant"
    case .inTheFuture: "field.in-the-future"
    case .loopInReportingChain: "field.loop-in-reporting-chain"
    case .requiredForAudience: "field.required-for-audience"
    case .username: "field.username"
    case .monthAndDay: "field.month-and-day"
    case .namedNotA(_, let kind): "field.named-not-a-\(kind.rawValue)"
    case .appearsTwiceInFile: "field.appears-twice-in-file"
    case .requiredForNewPerson: "field.required-for-new-person"
    case .belongsToSomeoneElse: "field.belongs-to-someone-else"
    case .atMostEntries: "field.at-most-entries"
    case .everyEntryNeeds: "field.every-entry-needs"
    case .feedAddress: "field.feed-address"
    case .directoryAddresses: "field.directory-addresses"
    case .secondsBetween: "field.seconds-between"
    case .zeroOrSecondsBetween: "field.zero-or-seconds-between"
    case .mustContain: "field.must-contain"
    case .directoryFilter: "field.directory-filter"
    case .requiredUnless: "field.required-unless"
    case .goesWith: "field.goes-with"
    case .noSuchField: "field.no-such-field"
    case .attributeName: "field.attribute-name"
    case .requiredToTurnDown: "field.required-to-turn-down"
    case .commonPassword: "field.common-password"
    case .noDigestForKind: "field.no-digest-for-kind"
    case .domainNotAllowed: "field.domain-not-allowed"
    case .domainName: "field.domain-name"
    case .webPushSubscription: "field.web-push-subscription"
    case .apnsDeviceToken: "field.apns-device-token"
    case .latitude: "field.latitude"
    case .longitude: "field.longitude"
    case .metresBetween: "field.metres-between"
    case .onlyOneOf: "field.only-one-of"
    case .numberBetween: "field.number-between"
    }
  }

  public func text(in language: Language) -> String {
    let es = language == .es
    switch rule {
    case .required: return es ? "es obligatorio" : "is required"
    case .notBeforeStart: return es ? "no puede ser anterior al inicio" : "must not be before start"
    case .noonToNoonOnOneDay:
      return es
        ? "una solicitud de un día no puede empezar por la tarde y acabar por la mañana"
        : "a one-day request cannot start in the afternoon and end in the morning"
    case .withinDaysOfStart(let days):
      return es
        ? "debe estar a \(days) días del inicio como mucho; pide las ausencias largas por partes"
        : "must be within \(days) days of start; ask longer leave in parts"
    case .atMostCharacters(let count):
      return es ? "admite \(count) caracteres como mucho" : "must be at most \(count) characters"
    case .charactersBetween(let low, let high):
      return es ? "debe tener de \(low) a \(high) caracteres" : "must be \(low) to \(high) characters"
    case .notAnActiveLeaveType: return es ? "no es un tipo de ausencia activo" : "is not an active leave type"
    case .controlCharacters:
      return es
        ? "contiene caracteres de control (solo se admiten tabuladores y saltos de línea)"
        : "contains control characters (only tabs and line breaks are allowed)"
    case .invalidPercentEncoding:
      return es ? "no es UTF-8 válido con codificación por ciento" : "is not valid percent-encoded UTF-8"
    case .unknownCursor: return es ? "no es un cursor de esta lista" : "is not a cursor of this list"
    case .tooLong: return es ? "es demasiado largo" : "is too long"
    case .date: return es ? "debe ser una fecha AAAA-MM-DD" : "must be a date YYYY-MM-DD"
    case .uuid:
      return es
        ? "debe ser un UUID (8-4-4-4-12 cifras hexadecimales)" : "must be a UUID (8-4-4-4-12 hexadecimal digits)"
    case .halfDayStep: return es ? "debe ir en pasos de medio día (0,5)" : "must be in steps of half a day (0.5)"
    case .number: return es ? "debe ser un número" : "must be a number"
    case .wrongType(let expected): return es ? "debe ser \(Self.spanish(expected))" : "must be \(expected)"
    case .notValidJSON: return es ? "no es JSON válido" : "is not valid JSON"
    case .unknownValue(let allowed):
      let list = allowed.joined(separator: ", ")
      return es ? "debe ser uno de: \(list)" : "must be one of: \(list)"
    case .tooLarge: return es ? "es demasiado grande" : "is too large"
    case .notNull: return es ? "no puede ser null" : "must not be null"
    case .numberTooLarge: return es ? "es un número demasiado grande para usarlo" : "is a number too large to be used"
    case .notEmpty: return es ? "no puede estar vacío" : "must not be empty"
    case .email:
      return es
        ? "debe ser una dirección de correo como ana@example.com" : "must be an email address such as ana@example.com"
    case .phoneWithCountryPrefix:
      return es
        ? "debe empezar por el prefijo del país, p. ej. +34 600 123 456"
        : "must start with the country prefix, e.g. +34 600 123 456"
    case .webAddress: return es ? "debe ser una dirección http:// o https://" : "must be an http:// or https:// address"
    case .differentFromCurrent: return es ? "debe ser distinta de la actual" : "must differ from the current one"
    case .notRight: return es ? "no es correcta" : "is not right"
    case .bytesBetween(let low, let high):
      return es ? "debe tener de \(low) a \(high) bytes" : "must be \(low) to \(high) bytes"
    case .wholeNumberBetween(let low, let high):
      return es ? "debe ser un número entero de \(low) a \(high)" : "must be a whole number from \(low) to \(high)"
    case .yearBetween(let low, let high):
      return es ? "debe ser un año de \(low) a \(high)" : "must be a year from \(low) to \(high)"
    case .notAccepted: return es ? "no es un valor admitido" : "is not an accepted value"
    case .daysBetween(let low, let high):
      return es ? "debe ser de \(low) a \(high) días" : "must be \(low) to \(high) days"
    case .yearAtLeast(let year):
      return es
        ? "debe ser \(year) o posterior: un año terminado conserva sus cifras (se puede fijar la asignación de una persona para él)"
        : "must be \(year) or later: a year that is over keeps its figures (a person's allowance for it can be set)"
    case .yearAtMost(let year): return es ? "debe ser \(year) como mucho" : "must be at most \(year)"
    case .defaultTypeStaysActive:
      return es
        ? "no puede ser false en el tipo predeterminado; haz antes predeterminado otro tipo"
        : "cannot be false for the default leave type; make another type the default first"
    case .defaultTypeCannotBeUnset:
      return es
        ? "no se puede quitar; haz predeterminado otro tipo en su lugar"
        : "cannot be unset; make another type the default instead"
    case .timeZone:
      return es
        ? "debe ser una zona horaria IANA como Europe/Madrid" : "must be an IANA time zone such as Europe/Madrid"
    case .weekdayNumbers:
      return es
        ? "debe contener números ISO de día de la semana, de 1 (lunes) a 7 (domingo)"
        : "must hold ISO weekday numbers 1 (Monday) to 7 (Sunday)"
    case .oneWorkingDay: return es ? "debe dejar al menos un día laborable" : "must leave at least one working day"
    case .instant:
      return es
        ? "debe ser un instante RFC 3339 como 2027-01-31T18:00:00Z"
        : "must be an RFC 3339 instant such as 2027-01-31T18:00:00Z"
    case .inTheFuture: return es ? "debe estar en el futuro" : "must be in the future"
    case .loopInReportingChain:
      return es ? "crearía un bucle en la cadena de responsables" : "would make a loop in the reporting chain"
    case .requiredForAudience:
      return es
        ? "es obligatorio para un departamento o una sede, y solo entonces"
        : "is required for a department or location audience, and only then"
    case .username:
      return es
        ? "debe tener de 1 a 64 letras, cifras, '.', '-', '_' o '@'"
        : "must be 1 to 64 letters, digits, '.', '-', '_' or '@'"
    case .monthAndDay: return es ? "debe ser MM-DD" : "must be MM-DD"
    case .month: return es ? "debe ser un mes AAAA-MM" : "must be a month as YYYY-MM"
    case .trueOrFalse: return es ? "debe ser true o false" : "must be true or false"
    case .photoVersion:
      return es ? "debe ser una versión de foto de un photoURL" : "must be a photo version from a photoURL"
    case .namedNotA(let name, let kind):
      switch kind {
      case .location: return es ? "«\(name)» no es una sede" : "\"\(name)\" is not a location"
      case .department: return es ? "«\(name)» no es un departamento" : "\"\(name)\" is not a department"
      case .person: return es ? "«\(name)» no es una persona" : "\"\(name)\" is not a person"
      case .campus: return es ? "«\(name)» no es un campus" : "\"\(name)\" is not a campus"
      case .building: return es ? "«\(name)» no es un edificio" : "\"\(name)\" is not a building"
      case .room: return es ? "«\(name)» no es una sala" : "\"\(name)\" is not a room"
      case .sensor: return es ? "«\(name)» no es un sensor" : "\"\(name)\" is not a sensor"
      case .alertTemplate:
        return es ? "«\(name)» no es una plantilla de alerta" : "\"\(name)\" is not an alert template"
      }
    case .appearsTwiceInFile: return es ? "aparece dos veces en el archivo" : "appears twice in the file"
    case .requiredForNewPerson: return es ? "es obligatorio para una persona nueva" : "is required for a new person"
    case .belongsToSomeoneElse: return es ? "pertenece a otra persona" : "belongs to someone else"
    case .atMostEntries(let count):
      return es ? "admite \(count) entradas como mucho" : "must list at most \(count) entries"
    case .everyEntryNeeds(let field): return es ? "cada entrada necesita \(field)" : "every entry needs a \(field)"
    case .feedAddress:
      return es
        ? "debe ser una dirección http o https sin usuario ni contraseña"
        : "must be an http or https address without a user name or password"
    case .directoryAddresses:
      return es
        ? "debe ser una o más direcciones ldap:// o ldaps://" : "must be one or more ldap:// or ldaps:// addresses"
    case .secondsBetween(let low, let high):
      return es ? "debe ser de \(low) a \(high) segundos" : "must be \(low) to \(high) seconds"
    case .zeroOrSecondsBetween(let low, let high):
      return es
        ? "debe ser 0 (desactivado) o de \(low) a \(high) segundos" : "must be 0 (off) or \(low) to \(high) seconds"
    case .mustContain(let text): return es ? "debe contener \(text)" : "must contain \(text)"
    case .directoryFilter(let containing):
      guard let containing else {
        return es ? "debe ser un filtro entre paréntesis" : "must be a filter in parentheses"
      }
      return es
        ? "debe ser un filtro entre paréntesis que contenga \(containing)"
        : "must be a filter in parentheses containing \(containing)"
    case .requiredUnless(let other):
      return es
        ? "o \(other) es obligatorio, para encontrar a quien inicia sesión"
        : "or \(other) is required, to find the user signing in"
    case .goesWith(let other):
      return es ? "va con \(other): los dos o ninguno" : "goes with \(other): both or neither"
    case .noSuchField(let field): return es ? "no tiene el campo \(field)" : "has no field \(field)"
    case .commonPassword:
      return es
        ? "es una de las contraseñas más usadas y fáciles de adivinar; elige otra"
        : "is one of the most used passwords, easy to guess; choose another"
    case .domainNotAllowed(let domains):
      let list = domains.map { "@" + $0 }.joined(separator: ", ")
      return es ? "debe ser una dirección de \(list)" : "must be an address at \(list)"
    case .domainName:
      return es
        ? "debe ser una lista de dominios, como atrium-demo.example"
        : "must be a list of domains, like atrium-demo.example"
    case .latitude:
      return es ? "debe ser una latitud, de −90 a 90 grados" : "must be a latitude, from −90 to 90 degrees"
    case .longitude:
      return es ? "debe ser una longitud, de −180 a 180 grados" : "must be a longitude, from −180 to 180 degrees"
    case .metresBetween(let low, let high):
      return es ? "debe ser de \(low) a \(high) metros" : "must be \(low) to \(high) metres"
    case .onlyOneOf(let fields):
      let list = fields.joined(separator: ", ")
      return es ? "va solo: da uno de \(list), no varios" : "goes alone: give one of \(list), not several"
    case .numberBetween(let low, let high):
      return es
        ? "debe ser un número de \(Self.number(low)) a \(Self.number(high))"
        : "must be a number from \(Self.number(low)) to \(Self.number(high))"
    case .apnsDeviceToken:
      return es
        ? "debe ser el token que APNs dio a la app: 64 o más dígitos hexadecimales"
        : "must be the token APNs gave the app: 64 or more hexadecimal digits"
    case .webPushSubscription:
      return es
        ? "debe ser la suscripción del navegador en JSON: una dirección https y sus claves p256dh y auth"
        : "must be the browser's push subscription as JSON: an https endpoint and its p256dh and auth keys"
    case .noDigestForKind:
      return es
        ? "no se ofrece en resumen diario: se envía cuando ocurre"
        : "is not offered as a daily digest: it is sent when it happens"
    case .requiredToTurnDown:
      return es
        ? "es obligatorio: la empresa pide un motivo para rechazar o devolver a pendiente"
        : "is required: the company asks for a reason to reject or send back to pending"
    case .attributeName(let field):
      return es ? "\(field) debe ser un nombre de atributo" : "\(field) must be an attribute name"
    case .notA(let kind):
      switch kind {
      case .location: return es ? "no es una sede" : "is not a location"
      case .department: return es ? "no es un departamento" : "is not a department"
      case .person: return es ? "no es una persona" : "is not a person"
      case .campus: return es ? "no es un campus" : "is not a campus"
      case .building: return es ? "no es un edificio" : "is not a building"
      case .room: return es ? "no es una sala" : "is not a room"
      case .sensor: return es ? "no es un sensor" : "is not a sensor"
      case .alertTemplate: return es ? "no es una plantilla de alerta" : "is not an alert template"
      }
    }
  }

  /// A limit as people write it: whole numbers without a fraction.
  private static func number(_ value: Double) -> String {
    value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }

  /// The JSON kinds a field may expect, in Spanish.
  private static func spanish(_ kind: String) -> String {
    switch kind {
    case "a string": "un texto"
    case "a number": "un número"
    case "true or false": "true o false"
    case "an object": "un objeto"
    case "an array": "una lista"
    default: kind
    }
  }

  public static var examples: [FieldMessage] {
    let rules: [FieldRule] = [
      .required, .uuid, .notBeforeStart, .noonToNoonOnOneDay, .withinDaysOfStart(366), .atMostCharacters(500),
      .charactersBetween(1, 200), .notAnActiveLeaveType, .controlCharacters, .invalidPercentEncoding, .unknownCursor,
      .tooLong, .date, .halfDayStep, .number, .wrongType(expected: "a string"), .notValidJSON,
      .unknownValue(allowed: ["en", "es"]), .tooLarge, .notNull, .numberTooLarge, .notEmpty, .email,
      .phoneWithCountryPrefix, .webAddress,
      .differentFromCurrent, .notRight, .bytesBetween(1, 4096), .wholeNumberBetween(1, 1000), .yearBetween(1900, 9999),
      .month, .trueOrFalse, .photoVersion, .notAccepted, .daysBetween(0, 366), .yearAtLeast(2026), .yearAtMost(2036),
      .defaultTypeStaysActive, .defaultTypeCannotBeUnset, .timeZone, .weekdayNumbers, .oneWorkingDay, .instant,
      .inTheFuture, .loopInReportingChain, .requiredForAudience, .username, .monthAndDay, .appearsTwiceInFile,
      .requiredForNewPerson, .belongsToSomeoneElse, .atMostEntries(20), .everyEntryNeeds("url"), .feedAddress,
      .directoryAddresses, .secondsBetween(1, 300), .zeroOrSecondsBetween(60, 604_800), .mustContain("{username}"),
      .directoryFilter(containing: nil), .directoryFilter(containing: "{username}"),
      .requiredUnless(other: "searchBase"), .goesWith(other: "bindDN"), .noSuchField("nickname"),
      .attributeName(field: "email"), .requiredToTurnDown, .commonPassword, .noDigestForKind,
      .domainNotAllowed(["atrium-demo.example"]), .domainName, .webPushSubscription, .apnsDeviceToken, .latitude,
      .longitude, .metresBetween(50, 2000), .onlyOneOf(["sensorId", "roomId", "buildingId"]),
      .numberBetween(0, 1_000), .numberBetween(-2.5, 40),
    ]
    let places = FieldRule.PlaceKind.allCases.flatMap { [FieldRule.notA($0), .namedNotA("Sales", $0)] }
    return (rules + places).map(FieldMessage.init)
  }
}
