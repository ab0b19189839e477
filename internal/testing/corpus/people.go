package corpus

import (
	"math/rand/v2"
	"strings"

	"golang.org/x/text/unicode/norm"
)

// Every name, address and number here is invented. Characters stay within
// Windows-1252 because the PDFs use the core fonts.

// patients are the leads; none of their forenames or surnames appears in
// otherPatients or prescribers.
var patients = []person{
	{"Mr", "José", "Núñez-García"},
	{"Ms", "Siobhán", "O'Neil"},
	{"Ms", "Zoë", "Fairbairn-Lowe"},
	{"Ms", "Aoife", "D'Arcy"},
	{"Mrs", "Renée", "Kowalczyk"},
	{"Mr", "Mateus", "Conceição"},
	{"Mr", "Kwame", "Mensah-Boateng"},
	{"Ms", "Priya", "Raghunathan"},
	{"Mr", "Tomás", "Ó Briain"},
	{"Ms", "Éloïse", "Marchetti"},
	{"Ms", "Niamh", "MacAuley"},
	{"Mrs", "Ingrid", "Haugland"},
	{"Mr", "Declan", "O'Sullivan-Reyes"},
	{"Ms", "Ana-Lucía", "Ferreira"},
	{"Mr", "Björn", "Åkesson"},
	{"Mrs", "Marguerite", "Delacroix-Hale"},
	{"Mr", "Oluwaseun", "Adeyemi"},
	{"Ms", "Dana", "Whitcombe"},
}

// bothWays are leads whose forenames are common surnames and whose
// surnames are common forenames, so only the order tells who is who.
var bothWays = []person{
	{"Mr", "Thomas", "Owen"},
	{"Mx", "Morgan", "Ellis"},
	{"Mr", "Rhys", "Thomas"},
	{"Mr", "James", "Price"},
	{"Ms", "Ellis", "Morgan"},
	{"Mr", "Owen", "Lewis"},
	{"Mr", "Lewis", "James"},
	{"Mrs", "Price", "Rhys"},
}

// nearMisses are pairs of people whose names differ by a letter or two:
// one is the lead, the other is printed.
var nearMisses = [][2]person{
	{{"Mr", "John", "Ellis"}, {"Mr", "Jon", "Ellis"}},
	{{"Ms", "Jane", "Doe"}, {"Ms", "Jane", "Dowd"}},
	{{"Mrs", "Catherine", "Price"}, {"Mrs", "Katherine", "Price"}},
	{{"Mr", "Stephen", "Walsh"}, {"Mr", "Steven", "Walsh"}},
}

// nearMissOf is the other person of lead's near-miss pair.
func nearMissOf(lead person) person {
	for _, p := range nearMisses {
		switch lead {
		case p[0]:
			return p[1]
		case p[1]:
			return p[0]
		}
	}
	panic("corpus: no near miss for " + lead.full())
}

// otherPatients are the people named on documents that belong to someone
// else.
var otherPatients = []person{
	{"Ms", "Marta", "Lindgren"},
	{"Mr", "Callum", "Fraser"},
	{"Ms", "Beatriz", "Soto"},
	{"Mr", "Hamish", "Drummond"},
	{"Ms", "Yasmin", "Haddad"},
	{"Mr", "Florian", "Brückner"},
	{"Mrs", "Gráinne", "Whelan"},
	{"Mr", "Rafael", "Quintana"},
}

// relativeForenames name a relative who shares the lead's surname.
var relativeForenames = []string{"Lucía", "Patrick", "Mariam", "Stefan", "Irene", "Jonah"}

var practices = map[string][]pharmacy{
	"uk": {
		{name: "Riverside Surgery", street: "2 Ferry Road", town: "Cardiff CF11 6AB", phone: "01632 960301", register: "W97034"},
		{name: "Oakwood Medical Practice", street: "40 Station Road", town: "Swansea SA1 5LH", phone: "01632 960442", register: "W98112"},
		{name: "The Green Health Centre", street: "11 The Green", town: "Shrewsbury SY1 1QE", phone: "01632 960519", register: "M82004"},
	},
}

var prescribers = []string{
	"Helena Marsh", "Marcus Whitfield", "Anjali Rao", "Peter Lindqvist",
	"Grace Okafor", "Samuel Achterberg",
}

type pharmacy struct {
	name     string
	street   string
	town     string // "Bristol BS1 4DJ" or "Springfield, IL 62704"
	phone    string
	register string // GPhC premises number (UK) or NCPDP id (US)
}

// registration is the pharmacy's register number as printed, after the
// register's name: GPhC (UK) or NCPDP (US).
func (ph *pharmacy) registration(market string) string {
	if market == "us" {
		return "NCPDP " + ph.register
	}
	return "GPhC " + ph.register
}

var pharmaciesUK = []pharmacy{
	{name: "Harbourside Pharmacy", street: "14 Quay Street", town: "Bristol BS1 4DJ", phone: "01632 960412", register: "1098765"},
	{name: "Kingsway Chemist", street: "22 High Street", town: "Reading RG1 2LS", phone: "01632 960733", register: "1123456"},
	{name: "Northgate Pharmacy", street: "3 Northgate Parade", town: "Chester CH1 2HQ", phone: "01632 960158", register: "1087342"},
	{name: "Millbrook Chemists", street: "87 Millbrook Road", town: "Leeds LS6 3BN", phone: "01632 960921", register: "1140077"},
	{name: "Elmfield Pharmacy", street: "5 Elmfield Court", town: "Norwich NR2 4PL", phone: "01632 960266", register: "1065219"},
}

var pharmaciesUS = []pharmacy{
	{name: "Maple Ridge Pharmacy", street: "418 Cedar Ave", town: "Springfield, IL 62704", phone: "(217) 555-0142", register: "1436627"},
	{name: "Lakeshore Drug", street: "2210 N Shore Dr", town: "Madison, WI 53704", phone: "(608) 555-0187", register: "5012384"},
	{name: "Cedar Point Pharmacy", street: "77 Harbor Rd", town: "Portland, ME 04101", phone: "(207) 555-0119", register: "2098815"},
	{name: "Riverbend Pharmacy", street: "1509 Riverbend Blvd", town: "Austin, TX 78741", phone: "(512) 555-0163", register: "4570122"},
	{name: "Prairie Sky Pharmacy", street: "930 W 5th St", town: "Tulsa, OK 74127", phone: "(918) 555-0171", register: "3719046"},
}

// onlinePharmacies: the seller of an online order, and the premises that
// dispensed it.
var onlinePharmacies = map[string][]pharmacy{
	"uk": {
		{name: "Brightwater Online Pharmacy", street: "Unit 4, Kestrel Park", town: "Swindon SN3 4TZ", phone: "01632 960540", register: "9011234"},
		{name: "Fernhill Pharmacy Direct", street: "18 Canal Wharf", town: "Manchester M4 6FA", phone: "01632 960871", register: "9027711"},
	},
	"us": {
		{name: "Bluewater Mail Pharmacy", street: "600 Commerce Pkwy", town: "Columbus, OH 43219", phone: "(614) 555-0104", register: "3650981"},
		{name: "Sunbelt Online Pharmacy", street: "45 Logistics Way", town: "Phoenix, AZ 85043", phone: "(602) 555-0128", register: "0384417"},
	},
}

// telehealthBrands sell treatment without naming any pharmacy.
var telehealthBrands = map[string][]string{
	"uk": {"SlimPath Health", "WellWay Clinic"},
	"us": {"Trimline Health", "NorthStar Wellness"},
}

var clinics = map[string][]pharmacy{
	"uk": {
		{name: "Thameside Weight Clinic", street: "9 Riverside Walk", town: "London SE1 9TG", phone: "01632 960777"},
		{name: "Harbour Lane Medical", street: "31 Harbour Lane", town: "Brighton BN2 1TW", phone: "01632 960388"},
	},
	"us": {
		{name: "Lakeview Telehealth Clinic", street: "1200 Lakeview Ave, Suite 310", town: "Chicago, IL 60614", phone: "(312) 555-0133"},
		{name: "Summit Weight Care", street: "88 Summit St", town: "Denver, CO 80206", phone: "(720) 555-0150"},
	},
}

var homeAddresses = map[string][][2]string{
	"uk": {
		{"24 Mill Lane", "Leeds LS6 2QT"},
		{"7 Orchard Close", "Reading RG4 7JD"},
		{"Flat 3, 41 Wellington Road", "Bath BA2 4RX"},
		{"112 Kingfisher Way", "York YO24 3ND"},
	},
	"us": {
		{"1844 Willow St, Apt 5", "Evanston, IL 60201"},
		{"63 Birch Hollow Rd", "Burlington, VT 05401"},
		{"905 Palmetto Ave", "Savannah, GA 31401"},
		{"2417 Juniper Ct", "Boise, ID 83702"},
	},
}

// person is someone named on a document.
type person struct{ title, forename, surname string }

func (p person) full() string { return p.forename + " " + p.surname }

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// asciiUpper is how US pharmacy systems print names: upper case, no accents.
func asciiUpper(s string) string {
	var b strings.Builder
	for _, c := range norm.NFD.String(s) {
		if c >= 0x300 && c <= 0x36f {
			continue
		}
		b.WriteRune(c)
	}
	return strings.ToUpper(b.String())
}
