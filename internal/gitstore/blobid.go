package gitstore

import (
	"crypto/sha1"
	"strconv"
)

// BlobID is the object id git gives a blob of this content: the SHA-1 of
// "blob <size>\x00" and the content. Equal ids mean equal content, so a
// file whose bytes hash to a blob's id can stand in for that blob.
func BlobID(data []byte) ID {
	h := sha1.New()
	h.Write([]byte("blob " + strconv.Itoa(len(data)) + "\x00"))
	h.Write(data)
	var id ID
	h.Sum(id[:0])
	return id
}
