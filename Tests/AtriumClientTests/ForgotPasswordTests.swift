import AtriumClient
import AtriumHTTP
import AtriumMail
import AtriumServices
import AtriumTestSupport
import Foundation
import Synchronization
import Testing

/// A forgotten password from the SDK's view model and the command line, against a real server
/// that mails through a real SMTP sink.
@MainActor @Suite(.serialized) struct ForgotPasswordTests {
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

  var address: String { "http://127.0.0.1:\(server.port)" }

  @Test func theViewModelAsksForALinkAndSaysTheSameForAnyAddress() async throws {
    defer { server.stop() }
    let transport = SwitchableTransport()
    let model = ForgotPasswordViewModel(server: address, transport: transport)
    let states = Mutex<[ForgotPasswordViewModel.State]>([])
    model.onChange = { state in states.withLock { $0.append(state) } }
    #expect(!model.state.isSendEnabled)
    model.emailChanged("eva@atrium-demo.example")
    #expect(model.state.isSendEnabled)
    await model.sendTapped()
    let said = try #require(model.state.sentMessage)
    #expect(said.hasPrefix("If an Atrium account has this address, a mail with a link is on its way."))
    #expect(states.withLock { $0 }.contains { $0.isWorking && !$0.isSendEnabled }, "the button is off while sending")
    _ = try MailSender(environment: app.environment, mail: mail, holder: "a").sendDue()
    #expect(try sink.waitForMails(1).first?.recipients == ["eva@atrium-demo.example"])

    model.emailChanged("nobody@atrium-demo.example")
    #expect(model.state.sentMessage == nil)
    await model.sendTapped()
    #expect(model.state.sentMessage == said)

    model.emailChanged("not an address")
    await model.sendTapped()
    #expect(model.state.sentMessage == nil && model.state.error?.contains("email") == true)

    transport.isOffline.withLock { $0 = true }
    model.emailChanged("eva@atrium-demo.example")
    await model.sendTapped()
    #expect(model.state.isOffline && model.state.sentMessage == nil)
  }

  @Test func aServerWithoutMailSaysSoInTheReadersLanguage() async throws {
    defer { server.stop() }
    let withoutMail = try TestApp()
    let other = try withoutMail.startedServer()
    defer { other.stop() }
    let model = ForgotPasswordViewModel(server: "http://127.0.0.1:\(other.port)", language: .es)
    model.emailChanged("eva@atrium-demo.example")
    await model.sendTapped()
    #expect(
      model.state.error == "Este servidor no envía correo; pide a un administrador que restablezca tu contraseña.")
  }

  @Test func theCommandLineAsksForALink() throws {
    defer { server.stop() }
    let config = TemporaryDirectory()
    let sent = try run(["password", "forgot", "--email", "eva@atrium-demo.example"], config: config.path)
    #expect(sent.status == 0, "\(sent.errors)")
    #expect(sent.output.contains("If an Atrium account has this address"))
    let spanish = try run(
      ["password", "forgot", "--email", "eva@atrium-demo.example"], config: config.path, language: "es_ES.UTF-8")
    #expect(spanish.output.contains("Si una cuenta de Atrium tiene este correo"))
    let usage = try run(["password"], config: config.path)
    #expect(usage.status == 2 && usage.errors.contains("atrium password forgot"))
    #expect(try app.database.read { try $0.query("SELECT id FROM notification_outbox") }.count == 2)
  }

  func run(_ arguments: [String], config: String, language: String = "en_US.UTF-8") throws -> CommandLineTests.Run {
    try CommandLineTests().atrium(arguments, config: config, server: server.port, language: language)
  }
}
