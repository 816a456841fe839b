import AtriumClient
import Testing

/// The record a phone writes to a new sensor over Bluetooth.
struct SensorProvisioningTests {
  let provisioning = SensorProvisioning(
    host: "broker.atrium.example", port: 8883, username: "3f2a9c1e-5b7d-4e8f-a1b2-c3d4e5f60718",
    password: "sT8-kq2Lm9xVzR4p", topic: "sensors/3f2a9c1e-5b7d-4e8f-a1b2-c3d4e5f60718/readings")

  @Test func theRecordIsCompact_andReadsBackAsWritten() throws {
    let bytes = try provisioning.encoded()
    #expect(bytes.count < SensorProvisioning.maximumBytes)
    #expect(Array(bytes.prefix(4)) == [1, 1, 21, UInt8(ascii: "b")], "version, then the host's tag and length")
    let portField = try #require(bytes.firstRange(of: [2, 2]))
    #expect(Array(bytes[portField.upperBound..<(portField.upperBound + 2)]) == [0x22, 0xB3], "8883, big-endian")
    #expect(try SensorProvisioning(decoding: bytes) == provisioning)
  }

  @Test func whatCannotBeWrittenOrReadIsSaid() {
    var long = provisioning
    long.password = String(repeating: "x", count: 256)
    #expect(throws: SensorProvisioning.Problem.tooLong("password")) { try long.encoded() }
    var badPort = provisioning
    badPort.port = 70_000
    #expect(throws: SensorProvisioning.Problem.badPort) { try badPort.encoded() }
    #expect(throws: SensorProvisioning.Problem.unreadable) { try SensorProvisioning(decoding: [2, 1, 0]) }
    #expect(throws: SensorProvisioning.Problem.unreadable) { try SensorProvisioning(decoding: [1, 1, 9, 65]) }
    let truncated = Array((try? provisioning.encoded())?.dropLast(5) ?? [])
    #expect(throws: SensorProvisioning.Problem.unreadable) { try SensorProvisioning(decoding: truncated) }
  }
}
