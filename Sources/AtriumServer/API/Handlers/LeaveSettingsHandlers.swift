import AtriumAPI
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServices
import AtriumWeb

extension AtriumApp {
  /// Allowances, holidays, leave types and the policy. Admin-only rows were checked before.
  func handle(_ route: Route.LeaveSettings, _ request: HTTPRequest, _ principal: Principal) throws -> HTTPResponse {
    switch route {
    case .setAllowance(let id, let year):
      let body = try JSONCoding.decode(AllowanceBody.self, from: request)
      return try JSONCoding.response(try leaveSettings.setAllowance(body, employeeID: id, year: year, by: principal))
    case .holidays(let locationID, let year):
      return try JSONCoding.response(
        try leaveSettings.holidays(locationID: locationID, year: year, principal: principal))
    case .createHoliday:
      let body = try JSONCoding.decode(NewHoliday.self, from: request)
      return try JSONCoding.response(try leaveSettings.createHoliday(body, by: principal), status: 201)
    case .deleteHoliday(let id):
      try leaveSettings.deleteHoliday(id: id, by: principal)
      return HTTPResponse(status: 204)
    case .leaveTypes:
      return try JSONCoding.response(try leaveSettings.leaveTypes())
    case .createLeaveType:
      let body = try JSONCoding.decode(LeaveTypeChange.self, from: request)
      return try JSONCoding.response(try leaveSettings.createLeaveType(body, by: principal), status: 201)
    case .updateLeaveType(let id):
      let body = try JSONCoding.decode(LeaveTypeChange.self, from: request)
      return try JSONCoding.response(try leaveSettings.updateLeaveType(id: id, body, by: principal))
    case .policy(let year):
      return try JSONCoding.response(try leaveSettings.policy(year: year))
    case .policyHistory:
      return try JSONCoding.response(try leaveSettings.policyHistory())
    case .updatePolicy:
      let body = try JSONCoding.decode(LeavePolicyBody.self, from: request)
      return try JSONCoding.response(try leaveSettings.updatePolicy(body, by: principal))
    }
  }
}
