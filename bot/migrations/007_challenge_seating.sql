-- The seat order a challenge asks for: a JSON list, seat by seat, of the user id that takes it, or null
-- for a seat that whoever joins next takes. Challenges made before keep the challenger first and the
-- others in the order they joined (NULL).
ALTER TABLE challenges ADD COLUMN seating TEXT;
