import TollgateEvaluation

/// What `experiment simulate --format json` prints: the simulation with shares as fractions; a value it lacks is
/// `null`, never left out.
struct SimulationReport: Encodable {
    struct Variant: Encodable {
        var id: String
        var paywall: String?
        var weight: Int
        var count: Int
        var share: Double
        var expectedShare: Double

        enum CodingKeys: String, CodingKey {
            case id, paywall, weight, count, share
            case expectedShare = "expected_share"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(paywall, forKey: .paywall)
            try container.encode(weight, forKey: .weight)
            try container.encode(count, forKey: .count)
            try container.encode(share, forKey: .share)
            try container.encode(expectedShare, forKey: .expectedShare)
        }
    }

    var app: String
    var experiment: String
    var seed: String
    var status: String
    var users: Int
    var variants: [Variant]
    var chiSquare: Double
    var degreesOfFreedom: Int
    var pValue: Double
    var note: String?

    init(_ simulation: ExperimentSimulation, _ experiment: PolicyBundle.Experiment, app: String, note: String?) {
        self.app = app
        self.experiment = experiment.id
        seed = experiment.seed
        status = experiment.status.rawValue
        users = simulation.users
        variants = simulation.rows.map { row in
            Variant(id: row.variant, paywall: row.paywall, weight: Int(row.weight), count: row.count,
                    share: Double(row.count) / Double(simulation.users), expectedShare: row.expectedShare)
        }
        chiSquare = simulation.chiSquare
        degreesOfFreedom = simulation.degreesOfFreedom
        pValue = simulation.pValue
        self.note = note
    }

    enum CodingKeys: String, CodingKey {
        case app, experiment, seed, status, users, variants, note
        case chiSquare = "chi_square", degreesOfFreedom = "degrees_of_freedom", pValue = "p_value"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(app, forKey: .app)
        try container.encode(experiment, forKey: .experiment)
        try container.encode(seed, forKey: .seed)
        try container.encode(status, forKey: .status)
        try container.encode(users, forKey: .users)
        try container.encode(variants, forKey: .variants)
        try container.encode(chiSquare, forKey: .chiSquare)
        try container.encode(degreesOfFreedom, forKey: .degreesOfFreedom)
        try container.encode(pValue, forKey: .pValue)
        try container.encode(note, forKey: .note)
    }
}
