/** Fictional Danish names and job titles for the sample company. */
export const FEMALE = [
  'Anne', 'Mette', 'Kirsten', 'Hanne', 'Susanne', 'Lene', 'Maria', 'Camilla', 'Louise', 'Pia', 'Karen', 'Signe',
  'Ida', 'Freja', 'Sofie', 'Åse', 'Birgitte', 'Bodil', 'Mathilde', 'Astrid', 'Bjørg', 'Søs', 'Gry', 'Tove',
  'Dorthe', 'Rikke', 'Trine', 'Helle', 'Marianne', 'Sørine',
];
export const MALE = [
  'Søren', 'Jørgen', 'Lars', 'Jens', 'Niels', 'Anders', 'Mads', 'Rasmus', 'Bjørn', 'Poul', 'Ove', 'Kåre',
  'Torben', 'Morten', 'Henrik', 'Frederik', 'Mikkel', 'Jesper', 'Mogens', 'Ejnar', 'Bent', 'Jørn', 'Bo', 'Thøger',
  'Aksel', 'Ulrik', 'Palle', 'Steen', 'Øjvind', 'Åge',
];
export const SURNAMES = [
  'Jensen', 'Nielsen', 'Hansen', 'Pedersen', 'Andersen', 'Christensen', 'Larsen', 'Sørensen', 'Rasmussen',
  'Jørgensen', 'Petersen', 'Madsen', 'Kristensen', 'Olsen', 'Thomsen', 'Poulsen', 'Johansen', 'Møller',
  'Mortensen', 'Østergaard', 'Bækgaard', 'Søndergaard', 'Højgaard', 'Kjær', 'Skovbjerg', 'Dalsgaard', 'Friis',
  'Brøndum', 'Aagaard', 'Vestergaard', 'Nørgaard', 'Mølgaard', 'Åkjær', 'Bøgh', 'Kløvedal', 'Lykkegaard',
  'Ærenlund', 'Damgård', 'Holm', 'Bach',
];
export const TITLES = [
  'Tekniker', 'Elektriker', 'Montør', 'Ingeniør', 'Projektleder', 'Konsulent', 'Kundeservicemedarbejder',
  'Bogholder', 'Controller', 'Planlægger', 'Sælger', 'Servicetekniker', 'Driftsoperatør', 'Specialist',
  'Udvikler', 'Lagermedarbejder',
];

/** An e-mail local part without æ, ø, å: what mail systems in Denmark actually use. */
export function mailName(text) {
  return text
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'oe')
    .replace(/å/g, 'aa')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '.');
}
