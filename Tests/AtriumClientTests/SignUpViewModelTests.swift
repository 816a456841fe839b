import AtriumAPI
import AtriumClient
import AtriumHTTP
import AtriumServices
import AtriumTestSupport
import Foundation
import Testing

/// Sign-up from the SDK's view model, against a real server that mails through a real SMTP sink.
@MainActor @Suite(.serialized) struct SignUpViewModelTests {
  let sink: SMTPSink
  let app: TestApp
  let mail: MailSettings
  let server: HTTPServer

  init() throws {
    let sink = try SMTPSink()
    let mail = sink.mailSettings()
    self.sink = sink
    self.mail = mail
    app = try TestApp { $0.mail = mail }
    server = try app.startedServer()
  }

  func fill(_ model: SignUpViewModel, password: String) {
    model.changed(.email, to: "nora@atrium-demo.example")
    model.changed(.password, to: password)
    model.changed(.firstName, to: "Nora")
    model.changed(.lastName, to: "Vidal")
    model.changed(.phone, to: "+34 600 111 222")
  }

  @Test func closedUntilOpened_thenRefusalsByField_thenAMailIsOnItsWay() async throws {
    defer { server.stop() }
    let model = SignUpViewModel(server: "http://127.0.0.1:\(server.port)", language: .es)
    fill(model, password: "nora-long-password-1")
    #expect(model.state.isSendEnabled)
    await model.sendTapped()
    #expect(model.state.error == "Esta empresa no permite crear cuentas: pide una a un administrador.")

    let ana = try app.login("ana").accessToken
    let eva = try app.login("eva").user
    #expect(
      app.send(
        .company(.updateSignUpSettings),
        json:
          #"{"domains": ["atrium-demo.example"], "departmentId": "\#(eva.department.id)", "locationId": "\#(eva.location.id)"}"#,
        token: ana
      ).status == 200)
    model.changed(.password, to: "password")
    await model.sendTapped()
    #expect(model.state.fieldErrors["password"] != nil && model.state.sentMessage == nil)

    model.changed(.password, to: "nora-long-password-1")
    await model.sendTapped()
    #expect(model.state.error == nil && model.state.fieldErrors.isEmpty)
    #expect(
      model.state.sentMessage
        == "Mira tu correo: va de camino a nora@atrium-demo.example un enlace para confirmar la dirección, que sirve durante 2 días."
    )
    #expect(model.state.password.isEmpty, "the password is not kept on screen")
    await model.resendTapped()
    _ = try MailSender(environment: app.environment, mail: mail, holder: "a").sendDue()
    let mails = try sink.waitForMails(2)
    #expect(
      mails.allSatisfy {
        $0.recipients == ["nora@atrium-demo.example"] && $0.text?.contains("/sign-up/confirm/") == true
      })
  }
}
