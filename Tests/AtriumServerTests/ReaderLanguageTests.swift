import AtriumAPI
import AtriumHTTPTypes
import AtriumMessages
import AtriumTestSupport
import Foundation
import Testing

@testable import AtriumServer

/// Issue 14 (catalogue): the API answers its problems in the reader's language by one rule:
/// the language chosen in Settings, else Accept-Language, else English.
@Suite(.checksBalanceRows) struct ReaderLanguageTests {
  let app: TestApp
  let eva: SessionTokens

  init() throws {
    app = try TestApp()
    eva = try app.login("eva")
  }

  func ask(_ json: String, language: String?) -> HTTPResponse {
    app.send(
      .leave(.create), json: json, token: eva.accessToken, headers: language.map { [("Accept-Language", $0)] } ?? [])
  }

  @Test func problemsAreWordedInTheReadersLanguage() throws {
    #expect(ask(#"{"start": "2026-04-06", "end": "2026-04-10"}"#, language: nil).status == 201)
    let clash = ask(#"{"start": "2026-04-10", "end": "2026-04-14"}"#, language: "es-ES,es;q=0.9")
    #expect(clash.problem?.title == "Conflicto")
    #expect(clash.problem?.detail == "Estas fechas se solapan con tu solicitud pendiente del 6–10 de abril de 2026.")

    let weekend = ask(#"{"start": "2026-03-07", "end": "2026-03-08"}"#, language: "es")
    #expect(weekend.problem?.detail?.hasPrefix("7–8 de marzo de 2026 no tiene días laborables") == true)

    let reversed = ask(#"{"start": "2026-03-06", "end": "2026-03-02"}"#, language: "es")
    #expect(reversed.problem?.title == "Datos no válidos")
    #expect(reversed.problem?.errors?.first?.message == "no puede ser anterior al inicio")
    #expect(reversed.problem?.detail == "end no puede ser anterior al inicio")

    let tooMuch = ask(#"{"start": "2026-01-05", "end": "2026-03-27"}"#, language: "es")
    #expect(tooMuch.problem?.detail?.hasPrefix("No quedan días suficientes en 2026: quedan") == true)

    // Nobody signed in: the header decides.
    let anonymous = app.send(.me(.show), headers: [("Accept-Language", "es")])
    #expect(anonymous.problem?.detail == "Inicia sesión primero: envía Authorization: Bearer <token de acceso>.")
    #expect(
      app.send("GET", "/api/v1/nothing", headers: [("Accept-Language", "es")]).problem?.detail
        == "No hay nada en /api/v1/nothing.")
    // No header: English.
    #expect(app.send(.me(.show)).problem?.detail == "Sign in first: send Authorization: Bearer <access token>.")
  }

  @Test func theLanguageChosenInSettingsWinsOverTheHeader() throws {
    #expect(app.send(.settings(.update), json: #"{"language": "es"}"#, token: eva.accessToken).status == 200)
    let refused = ask(#"{"start": "2026-03-07", "end": "2026-03-08"}"#, language: "en-GB")
    #expect(refused.problem?.title == "Contenido no procesable")
    let bad = app.send(.leave(.create), json: #"{"start": 5}"#, token: eva.accessToken)
    #expect(bad.problem?.errors?.first?.message == "debe ser un texto")
  }

  @Test func queriesAndProfilesAreRefusedInSpanishToo() throws {
    let spanish = [("Accept-Language", "es")]
    let year = app.send("GET", "/api/v1/holidays?year=soon", token: eva.accessToken, headers: spanish)
    #expect(year.status == 400)
    #expect(year.problem?.errors?.first?.message.hasPrefix("debe ser un año de") == true)
    let phone = app.send(.me(.update), json: #"{"phone": "123"}"#, token: eva.accessToken, headers: spanish)
    #expect(phone.problem?.errors?.first?.message == "debe empezar por el prefijo del país, p. ej. +34 600 123 456")
    let password = app.send(
      .me(.changePassword), json: #"{"current": "wrong-password", "new": "another-password"}"#, token: eva.accessToken,
      headers: spanish)
    #expect(password.problem?.detail == "La contraseña actual no es correcta.")
    #expect(password.problem?.errors?.first?.message == "no es correcta")
  }

  /// What the HTTP engine refuses before a section sees the request is worded too.
  @Test func theEnginesRefusalsAreWordedForTheReader() throws {
    let tooLarge = app.app.engineError(.bodyTooLarge(limit: 1024), requestID: "r1", acceptLanguage: "es-ES,es;q=0.9")
    #expect(tooLarge.status == 413)
    #expect(tooLarge.problem?.title == "Contenido demasiado grande")
    #expect(
      tooLarge.problem?.detail == "El cuerpo de la petición supera los 1024 bytes que admite este punto de acceso.")
    let busy = app.app.engineError(.busy, requestID: "r2", acceptLanguage: nil)
    #expect(busy.status == 503 && busy.problem?.detail == "The server is busy; try again in a moment.")
    #expect(busy.problem?.requestId == "r2")
  }

  /// The web app writes dates and day counts the way the reader does.
  @Test func theWebWritesDatesAndDaysInTheReadersLanguage() throws {
    let created = ask(#"{"start": "2026-04-06", "end": "2026-04-08", "endHalf": "morning"}"#, language: nil)
    #expect(created.status == 201, "\(created.text)")
    let employee = WebClient(app)
    employee.language = "es"
    employee.signIn("eva")
    let page = employee.get("/time-off?year=2026").text
    #expect(page.contains("6–8 de abril de 2026 (mañana)"), "the request's days in Spanish")
    #expect(page.contains("2,5"), "half days with a decimal comma")
    #expect(!page.contains("2026-04-06 – 2026-04-08"))
  }

  /// A refused profile field is explained next to it, in the reader's language (the web's own
  /// form used to show an empty reason).
  @Test func theWebProfileFormExplainsARefusedPhone() throws {
    let employee = WebClient(app)
    employee.language = "es"
    employee.signIn("eva")
    let page = employee.post("/profile/edit", from: "/profile/edit", ["phone": "123", "bio": ""])
    #expect(page.status == 400)
    #expect(page.text.contains("debe empezar por el prefijo del país, p. ej. +34 600 123 456"))
  }

  @Test func aRequestsHistoryIsWordedForTheReader() throws {
    let created = ask(#"{"start": "2026-04-06", "end": "2026-04-10"}"#, language: nil)
    let id = try JSONText.decode(SavedLeave.self, from: created).request.id
    let manager = WebClient(app)
    manager.language = "es"
    manager.signIn("mario")
    let page = manager.get("/approvals/\(id)").text
    #expect(page.contains("· Eva Fernández · Pendiente"), "the history says the state in Spanish")
    #expect(!page.contains("· create"))
  }
}
